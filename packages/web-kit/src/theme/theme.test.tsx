import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../first-paint';
import { applyKeptTheme, setThemeChoice, useThemeChoice } from './theme';

function Shown() {
  const [choice] = useThemeChoice();
  return <p>{choice}</p>;
}
const shown = () => document.querySelector('p')?.textContent;
const onPage = () => document.documentElement.getAttribute('data-theme');

describe("a person's theme", () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
    document.body.innerHTML = '';
  });

  it('follows the system until chosen, then is kept in this browser and shown at once', () => {
    const choose = setThemeChoice;
    render(<Shown />);
    expect([shown(), onPage(), localStorage.getItem(THEME_STORAGE_KEY)]).toEqual(['system', null, null]);

    act(() => choose('dark'));
    expect([shown(), onPage(), localStorage.getItem(THEME_STORAGE_KEY)]).toEqual(['dark', 'dark', 'dark']);
    act(() => choose('light'));
    expect([shown(), onPage()]).toEqual(['light', 'light']);
    act(() => choose('system'));
    expect([shown(), onPage(), localStorage.getItem(THEME_STORAGE_KEY)]).toEqual(['system', null, null]);
  });

  it('shows a kept choice on a page served without the head script that applies it', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(onPage()).toBeNull();
    applyKeptTheme();
    expect(onPage()).toBe('dark');
  });

  it('changes with a choice made in another tab', () => {
    render(<Shown />);
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect([shown(), onPage()]).toEqual(['dark', 'dark']);
  });
});
