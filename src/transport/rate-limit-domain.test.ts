import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints/index';
import { rateLimitDomainOf } from './rate-limit-domain';

describe('where a raw request is counted', () => {
  it.each(Object.values(endpoints).map((endpoint) => [endpoint.method, endpoint.path, endpoint.rateLimit] as const))(
    '%s %s: as its operation declares (%s)',
    (_method, path, declared) => {
      expect(rateLimitDomainOf(path.replace(/\{[^}]+\}/g, '7'))).toBe(declared);
    },
  );
});
