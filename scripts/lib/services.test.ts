import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICES as DECLARED_SERVICES } from '@catalyst/contracts';
import { SERVICES, serviceEntry } from './services';

describe('the launcher’s services', () => {
  it('start every service the route declarations name, each reachable through its URL variable', () => {
    for (const name of DECLARED_SERVICES) {
      expect(SERVICES.find((service) => service.name === name)?.urlVar, name).toBe(
        `${name.toUpperCase()}_URL`,
      );
    }
  });

  it('have distinct default ports, and a main and a database set-up each', () => {
    expect(new Set(SERVICES.map((service) => service.defaultPort)).size).toBe(SERVICES.length);
    for (const { name } of SERVICES) {
      expect(existsSync(serviceEntry(name)), `${name} main.ts`).toBe(true);
      expect(existsSync(serviceEntry(name, 'setup.ts')), `${name} setup.ts`).toBe(true);
    }
  });
});
