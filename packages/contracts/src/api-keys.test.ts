import { describe, expect, it } from 'vitest';
import { TEAM_SCOPES } from './api-keys-terms';
import { allRoutes, routeKey, teamParamOf } from './routes';

describe('API key scopes on the route declarations', () => {
  it("names the team in the path of every route a team scope opens, so a team key reaches only its team's", () => {
    const unbound = allRoutes
      .filter((route) => route.scopes?.some((scope) => TEAM_SCOPES.includes(scope)))
      .filter((route) => !teamParamOf(route))
      .map(routeKey);
    expect(unbound).toEqual([]);
  });

  it('declares scopes only on routes the gateway resolves a bearer for', () => {
    const misplaced = allRoutes
      .filter((route) => route.scopes && ['internal', 'token', 'signature'].includes(route.access))
      .map(routeKey);
    expect(misplaced).toEqual([]);
  });
});
