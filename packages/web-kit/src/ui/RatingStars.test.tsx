import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/strings';
import { RatingStars } from './RatingStars';

afterEach(async () => {
  await setLanguage('en', { keep: false });
});

describe('RatingStars', () => {
  it('reads as one phrase: the average out of 5 and how many rated', () => {
    render(<RatingStars average={4.58} count={128} />);
    expect(screen.getByRole('img', { name: '4.6 out of 5, 128 ratings' })).toBeDefined();
  });

  it('says one rating, and no ratings before the first', () => {
    const { rerender } = render(<RatingStars average={5} count={1} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('5.0 out of 5, 1 rating');
    rerender(<RatingStars average={null} count={0} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('No ratings yet');
  });

  it('reads in the page’s language, the average written as it is written there', async () => {
    await act(() => setLanguage('de', { keep: false }));
    const { rerender } = render(<RatingStars average={4.58} count={128} />);
    expect(await screen.findByRole('img', { name: '4,6 von 5, 128 Bewertungen' })).toBeDefined();
    expect(screen.getByText('4,6 (128)')).toBeDefined();
    rerender(<RatingStars average={null} count={0} />);
    expect(screen.getByRole('img', { name: 'Noch keine Bewertungen' })).toBeDefined();
  });
});
