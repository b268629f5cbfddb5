import {
  createElement,
  forwardRef,
  type ForwardRefExoticComponent,
  type RefAttributes,
  type SVGProps,
} from 'react';

/** One shape of an icon: an SVG element name and its attributes, as Lucide publishes them. */
export type IconNode = ReadonlyArray<readonly [string, Readonly<Record<string, string>>]>;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height, in pixels unless a unit is given (default 24). */
  size?: number | string;
}

export type IconComponent = ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>>;

/** Whether the caller gave the icon a name or role of its own: otherwise it is decoration, hidden from assistive technology. */
const labelled = (props: IconProps) =>
  Object.entries(props).some(
    ([key, value]) => value != null && (key.startsWith('aria-') || key === 'role' || key === 'title'),
  );

/**
 * A React component drawing one Lucide icon (24 × 24 grid, 2 px round strokes in the current colour), with the
 * same props and markup as lucide-react's: `size`, `strokeWidth`, `className` and any SVG attribute.
 */
export function createIcon(name: string, node: IconNode): IconComponent {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { size = 24, strokeWidth = 2, className, children, ...rest },
    ref,
  ) {
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: ['lucide', `lucide-${name}`, className].filter(Boolean).join(' '),
        ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs })),
      children,
    );
  });
  Icon.displayName = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
  return Icon;
}
