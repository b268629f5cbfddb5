// How the billing pages write an amount in US dollars.
import { formatMoney, formatPrice } from '@catalyst/web-kit';

/**
 * US dollars with cents, $0.00 included (a real figure here, where formatPrice would say 'Free'): '$14.99' in
 * English, as web-kit's formatPrice writes a price in another language.
 */
export const usd = (amount: number) => (amount === 0 ? formatMoney(amount) : formatPrice(amount));
