import {
  Brain,
  Briefcase,
  Camera,
  ChartColumn,
  Clapperboard,
  Code,
  CookingPot,
  Dumbbell,
  Folder,
  Globe,
  GraduationCap,
  Headphones,
  Laptop,
  LibraryBig,
  Microscope,
  Music,
  Palette,
  Pencil,
  PenLine,
  Rocket,
  Sprout,
  TrendingUp,
  Wrench,
} from '../icons';
import type { IconComponent, IconProps } from '../icons';
import { createElement, type ReactElement } from 'react';

/**
 * The icon an admin picks for a category or creator is stored as an emoji (the spec's presets); each preset
 * and each emoji of the demo catalogue is drawn with its Lucide counterpart, the SVG set the pages' own
 * icons use, so no emoji font is needed. An emoji without a counterpart is drawn as itself.
 */
const GLYPHS: Record<string, IconComponent> = {
  '📁': Folder,
  '📚': LibraryBig,
  '💻': Laptop,
  '🎨': Palette,
  '🎵': Music,
  '📷': Camera,
  '📸': Camera,
  '🎬': Clapperboard,
  '🧠': Brain,
  '🔬': Microscope,
  '📈': TrendingUp,
  '📊': ChartColumn,
  '💼': Briefcase,
  '🌍': Globe,
  '🏋': Dumbbell,
  '🍳': CookingPot,
  '✍': PenLine,
  '✏': Pencil,
  '🚀': Rocket,
  '👩‍💻': Code,
  '🛠': Wrench,
  '🎧': Headphones,
  '🌱': Sprout,
  '🎓': GraduationCap,
};

const glyphOf = (icon: string): IconComponent | undefined => GLYPHS[icon.trim().replace(/\uFE0F/g, '')];

/** The SVG drawn for a stored emoji (its variation selector ignored), or null when it has none. */
export function dataIconGlyph(icon: string, props: IconProps = {}): ReactElement | null {
  const glyph = glyphOf(icon);
  return glyph ? createElement(glyph, { focusable: 'false', ...props }) : null;
}
