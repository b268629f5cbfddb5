import type { ImgHTMLAttributes } from 'react';
import { thumbnailSrcSet } from '@catalyst/contracts/images';

export interface ThumbnailProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes'
> {
  src: string;
  /** How wide it shows (the `sizes` attribute): the browser fetches the smallest copy that fills that at the screen's density. */
  sizes: string;
}

/**
 * A product's thumbnail with the smaller copies the platform made of it (thumbnailSrcSet): shown small, it
 * costs a third of the bytes. An address the platform did not make is shown as it is.
 */
export function Thumbnail({ src, sizes, alt = '', ...rest }: ThumbnailProps) {
  const srcSet = thumbnailSrcSet(src);
  return <img src={src} alt={alt} {...(srcSet ? { srcSet, sizes } : {})} {...rest} />;
}
