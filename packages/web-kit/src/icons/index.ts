// The icons the front-ends draw: Lucide's, vendored by scripts/vendor-icons.ts (only those imported).
export { createIcon, type IconComponent, type IconNode, type IconProps } from './Icon';
export * from './lucide';
