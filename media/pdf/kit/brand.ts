// The Catalyst look on paper: the web's colours (packages/web-kit/src/styles/tokens.css) and the A4 grid.
import { rgb, type RGB } from 'pdf-lib';

const hex = (value: string): RGB =>
  rgb(
    parseInt(value.slice(1, 3), 16) / 255,
    parseInt(value.slice(3, 5), 16) / 255,
    parseInt(value.slice(5, 7), 16) / 255,
  );
export const C = {
  primary: hex('#3730a3'),
  primaryBright: hex('#6366f1'),
  primarySoft: hex('#eef2ff'),
  primaryPale: hex('#c7d2fe'),
  accent: hex('#b45309'),
  accentBright: hex('#f59e0b'),
  accentSoft: hex('#fef3c7'),
  header: hex('#0f172a'),
  text: hex('#0f172a'),
  muted: hex('#475569'),
  faint: hex('#94a3b8'),
  border: hex('#e2e8f0'),
  surfaceMuted: hex('#f1f5f9'),
  success: hex('#15803d'),
  successSoft: hex('#dcfce7'),
  danger: hex('#b91c1c'),
  dangerSoft: hex('#fee2e2'),
  info: hex('#1d4ed8'),
  infoSoft: hex('#dbeafe'),
  white: rgb(1, 1, 1),
};

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const FOOTER_TOP = 56;
