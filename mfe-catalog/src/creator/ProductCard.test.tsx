import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@catalyst/web-kit/testing';
import { product } from '../testing/fixtures';
import { ProductCard } from './ProductCard';

afterEach(() => vi.unstubAllGlobals());

describe('a product card', () => {
  it('shows the rating as stars with its text alternative once the product is rated', () => {
    fakeApi();
    const { rerender } = render(
      <ProductCard
        product={product({ ratingAverage: 4.58, ratingCount: 128 })}
        layout="grid"
        onOpen={() => {}}
      />,
    );
    expect(screen.getByRole('img', { name: '4.6 out of 5, 128 ratings' }).textContent).toBe('4.6 (128)');
    rerender(
      <ProductCard
        product={product({ ratingAverage: null, ratingCount: 0 })}
        layout="grid"
        onOpen={() => {}}
      />,
    );
    expect(screen.queryByTestId('rating')).toBeNull();
  });
});
