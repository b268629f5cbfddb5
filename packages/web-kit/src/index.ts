// @catalyst/web-kit: what every front-end shares, loaded once per page as a Module Federation singleton.
import './zodCsp';
export * from './api/client';
export * from './api/endpoints';
export * from './api/retry';
export * from './api/useApiData';
export * from './format';
export * from './download';
export * from './site';
export * from './descriptions';
export * from './session';
export * from './subscription';
export * from './saved';
export * from './guards';
export * from './ui';
export * from './remote-ids';
export * from './paths';
export * from './offline';
export * from './theme/theme';
