import { describe, expect, it } from 'vitest';
import { authMessages, passwordStrength } from '@catalyst/contracts';
import {
  classifyAuthFailure,
  loginPayload,
  registerPayload,
  serverFieldErrors,
  validateLogin,
  validateRegister,
} from './validation';

const good = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Abcdefgh12',
  confirmPassword: 'Abcdefgh12',
};

describe('validateRegister', () => {
  it('accepts a valid form', () => {
    expect(validateRegister(good)).toEqual({});
    expect(validateRegister({ ...good, name: "  Zoë D'Arcy-Smith " })).toEqual({});
  });

  it.each([
    ['', authMessages.nameRequired],
    ['    ', authMessages.nameRequired],
    ['A', authMessages.nameTooShort],
    [' B ', authMessages.nameTooShort],
    ['C'.repeat(51), authMessages.nameTooLong],
    ['Ada 2', authMessages.nameCharacters],
    ['Ada_Lovelace', authMessages.nameCharacters],
    ['Ada@home', authMessages.nameCharacters],
  ])('name %j → %s', (name, message) => {
    expect(validateRegister({ ...good, name }).name).toBe(message);
  });

  it('accepts names of exactly 2 and 50 characters after trimming', () => {
    expect(validateRegister({ ...good, name: ' Al ' }).name).toBeUndefined();
    expect(validateRegister({ ...good, name: ` ${'D'.repeat(50)} ` }).name).toBeUndefined();
  });

  it.each([
    ['', authMessages.emailRequired],
    ['   ', authMessages.emailRequired],
    ['ada', authMessages.emailInvalid],
    ['ada@', authMessages.emailInvalid],
    ['ada@example', authMessages.emailInvalid],
    ['ada example@x.com', authMessages.emailInvalid],
    ['@example.com', authMessages.emailInvalid],
  ])('email %j → %s', (email, message) => {
    expect(validateRegister({ ...good, email }).email).toBe(message);
  });

  it('accepts an e-mail with spaces around it and capitals', () => {
    expect(validateRegister({ ...good, email: '  Ada@Example.COM ' }).email).toBeUndefined();
  });

  it.each([
    ['', authMessages.passwordRequired],
    ['Ab1', authMessages.passwordTooShort],
    ['Abcd1', authMessages.passwordTooShort],
    // 9 characters: long enough under the old rule (6), not for a new password now
    ['Abcdefgh1', authMessages.passwordTooShort],
    ['abcdefghi1', authMessages.passwordComplexity],
    ['ABCDEFGHI1', authMessages.passwordComplexity],
    ['Abcdefghij', authMessages.passwordComplexity],
  ])('password %j → %s', (password, message) => {
    expect(validateRegister({ ...good, password, confirmPassword: password }).password).toBe(message);
  });

  it('asks to confirm the password, then that both match', () => {
    expect(validateRegister({ ...good, confirmPassword: '' }).confirmPassword).toBe(
      authMessages.confirmRequired,
    );
    expect(validateRegister({ ...good, confirmPassword: 'Abcdefgh13' }).confirmPassword).toBe(
      authMessages.passwordsDoNotMatch,
    );
  });

  it('reports every field of an empty form', () => {
    expect(validateRegister({ name: '', email: '', password: '', confirmPassword: '' })).toEqual({
      name: authMessages.nameRequired,
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.confirmRequired,
    });
  });
});

describe('validateLogin', () => {
  it('requires a valid e-mail and only the presence of a password', () => {
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: authMessages.emailInvalid });
  });
});

describe('payloads', () => {
  it('trim the name and trim and lower-case the e-mail; the password is sent as typed', () => {
    expect(
      registerPayload({ ...good, name: ' Ada ', email: ' ADA@Example.com ', password: ' Abcdefgh12' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', password: ' Abcdefgh12' });
    expect(loginPayload({ email: ' X@Y.Z ', password: 'p' })).toEqual({ email: 'x@y.z', password: 'p' });
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefghij', 2, 'Fair'],
    ['abcdefghiJ', 3, 'Good'],
    ['abcdefghJ1', 4, 'Strong'],
    ['abcdE1', 3, 'Good'],
    ['A1', 2, 'Fair'],
    ['1234567890', 2, 'Fair'],
    ['ABCDEFGHI1', 3, 'Good'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe('serverFieldErrors', () => {
  it('reads an errors array with field/message or path/msg entries', () => {
    expect(
      serverFieldErrors([
        { field: 'email', message: 'Taken' },
        { path: 'password', msg: 'Too weak' },
        { path: 'body.name', msg: 'Bad' },
      ]),
    ).toEqual({
      email: 'Taken',
      password: 'Too weak',
      name: 'Bad',
    });
  });

  it('reads an error object keyed by field', () => {
    expect(serverFieldErrors({ email: 'Taken', name: { message: 'Bad name' }, unknown: 'x' })).toEqual({
      email: 'Taken',
      name: 'Bad name',
    });
  });

  it('finds nothing in a plain message', () => {
    expect(serverFieldErrors(undefined)).toEqual({});
    expect(serverFieldErrors('Something')).toEqual({});
  });
});

describe('classifyAuthFailure', () => {
  it('puts field errors under the inputs', () => {
    const error = {
      status: 409,
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    };
    expect(classifyAuthFailure(error, 'An account with this email already exists', 'register')).toEqual({
      kind: 'fields',
      fields: { email: 'An account with this email already exists' },
      message: 'An account with this email already exists',
    });
  });

  it('reports a refusal with the server message, else the view fallback', () => {
    expect(classifyAuthFailure({ status: 401, errors: [] }, 'Invalid email or password', 'login')).toEqual({
      kind: 'refused',
      message: 'Invalid email or password',
    });
    expect(classifyAuthFailure({ status: 401, errors: [] }, undefined, 'login')).toEqual({
      kind: 'refused',
      message: authMessages.loginFailed,
    });
    expect(classifyAuthFailure({ status: 400 }, '', 'register')).toEqual({
      kind: 'refused',
      message: authMessages.registrationFailed,
    });
  });

  it('reports a thrown error with its message, else the general one', () => {
    expect(classifyAuthFailure({ status: 0 }, 'Network error occurred', 'login')).toEqual({
      kind: 'thrown',
      message: 'Network error occurred',
    });
    expect(classifyAuthFailure(new Error(''), undefined, 'register')).toEqual({
      kind: 'thrown',
      message: authMessages.networkOrServer,
    });
    expect(
      classifyAuthFailure(
        { status: 503 },
        'Service temporarily unavailable. Please try again shortly.',
        'login',
      ),
    ).toEqual({
      kind: 'thrown',
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
  });
});
