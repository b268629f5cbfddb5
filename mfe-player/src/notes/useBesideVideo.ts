import { useMediaQuery } from '../useMediaQuery';

/** The width from which a page has a side column beside its video (ProductPage.module.css's breakpoint). */
const BESIDE_QUERY = '(min-width: 961px)';

/** True where the learning tools sit beside the video (a desktop's side column), false under it (a phone). */
export const useBesideVideo = (): boolean => useMediaQuery(BESIDE_QUERY, false);
