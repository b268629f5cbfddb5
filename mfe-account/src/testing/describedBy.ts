/**
 * What an element is described by (its error, its hint), as a screen reader reads it after the element:
 * the text of every element its aria-describedby names, in order; '' when it names none.
 */
export const describedBy = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
