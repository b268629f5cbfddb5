import { screen, within } from '@testing-library/react';

/** A row of an admin list as a person reads it: each cell's text under its column's heading. */
export const rowCells = (row: HTMLElement): Record<string, string> =>
  Object.fromEntries(
    [...row.querySelectorAll('td')].map((cell) => [cell.dataset.label ?? '', cell.textContent ?? '']),
  );

/** A pager as a person reads it: the page they are on, and which ways they may go. */
export const pagerState = (pager: HTMLElement) => {
  const enabled = (name: string) =>
    !(within(pager).getByRole('button', { name }) as HTMLButtonElement).disabled;
  return {
    page: within(pager).getByText(/^Page /).textContent,
    previous: enabled('Previous'),
    next: enabled('Next'),
  };
};

/** The page's notice of what just worked (the dismissable status above the list), or null. */
export const flashMessage = () =>
  screen.queryAllByRole('status').find((status) => within(status).queryByRole('button', { name: 'Dismiss' }))
    ?.firstElementChild?.textContent ?? null;

/** The page's notice of what failed (the dismissable alert above the list), or null. */
export const failureMessage = () =>
  screen.queryAllByRole('alert').find((alert) => within(alert).queryByRole('button', { name: 'Dismiss' }))
    ?.firstElementChild?.textContent ?? null;

/** The error a field is described by (its role="alert" message), or null when it has none. */
export const fieldError = (field: HTMLElement): string | null =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? null;
