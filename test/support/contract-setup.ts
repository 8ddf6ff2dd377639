import { afterEach, expect } from 'vitest';
import { takeContractProblems } from './contract';

// Every response any test produced must satisfy the contract (and none may be a 500).
afterEach(() => {
  expect(takeContractProblems().problems).toEqual([]);
});
