/** Calendar arithmetic of billing periods (UTC). */
export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** The end of a period that starts at `start` for a price billed every `interval`. */
export function periodEnd(start: number, interval: string): number {
  if (interval === 'year') return addMonths(start, 12);
  if (interval === 'week') return start + 7 * 86400;
  if (interval === 'day') return start + 86400;
  return addMonths(start, 1);
}
