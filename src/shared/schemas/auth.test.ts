import { describe, expect, it } from 'vitest';
import { MESSAGES, signUpProblem } from './auth';

describe('signUpProblem', () => {
  it('names missing fields before the password length, and the length before other problems', () => {
    expect(signUpProblem({ name: ' ', email: 'not-an-email', password: '1' })).toBe(MESSAGES.requiredSignUp);
    expect(signUpProblem({ name: 'Dana', email: 'not-an-email', password: '12345' })).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(signUpProblem({ name: 'Dana', email: 'not-an-email', password: '123456' })).toBe(
      MESSAGES.invalidEmail,
    );
    expect(signUpProblem({ name: 'Dana', email: 'dana@example.com', password: '123456' })).toBeNull();
  });
});
