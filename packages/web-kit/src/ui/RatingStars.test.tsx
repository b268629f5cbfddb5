import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './RatingStars';

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
});
