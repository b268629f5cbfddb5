import { catalogStrings } from '../i18n/en';

export const itemsText = (n: number) => catalogStrings.t('common.items', { count: n });
export const hoursText = (hours: number) => catalogStrings.t('paths.hours', { count: hours });
