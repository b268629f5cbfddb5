import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICONS, DEFAULT_CREATOR_ICON } from '@catalyst/contracts';
import { DataIcon, dataIconGlyph } from './DataIcon';

describe('data icons', () => {
  it('draw every preset as an SVG, needing no emoji font', () => {
    for (const icon of [...CATEGORY_ICONS, DEFAULT_CREATOR_ICON])
      expect(dataIconGlyph(icon), icon).not.toBeNull();
    const { getByTestId } = render(<DataIcon icon="💻" name="Development" color="#3b82f6" />);
    const icon = getByTestId('data-icon');
    expect(icon.querySelector('svg')?.getAttribute('class')).toBe('lucide lucide-laptop');
    expect(icon.style.color).toBe('rgb(59, 130, 246)');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.textContent).toBe('');
  });

  it('match an emoji with or without its variation selector', () => {
    expect(dataIconGlyph('✍️')?.type).toBe(dataIconGlyph('✍')?.type);
    expect(dataIconGlyph(' 🏋️ ')?.type).toBe(dataIconGlyph('🏋')?.type);
    expect(dataIconGlyph('🦄')).toBeNull();
  });

  it('draw an emoji without a counterpart as itself', () => {
    const { getByTestId } = render(<DataIcon icon="🦄" name="Unicorns" />);
    expect(getByTestId('data-icon').querySelector('svg')).toBeNull();
    expect(['🦄', 'U']).toContain(getByTestId('data-icon').textContent);
  });
});
