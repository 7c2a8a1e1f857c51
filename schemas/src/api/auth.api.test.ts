import { describe, expect, it } from 'vitest';
import { changeUserBodySchema, signInBodySchema, signUpBodySchema, userParamsSchema, userProfileSchema } from './auth.api';
import { firstMessage } from './test-support';

const SIGN_UP_TEXT = 'Please enter a valid token and password.';
const SIGN_IN_TEXT = 'Please enter valid credentials.';

describe('sign-up body', () => {
  it('given a padded lower-case token, when parsed, then it is trimmed and upper-cased', () => {
    expect(signUpBodySchema.parse({ token_no: ' ab12 ', password: 'pass' }).token_no).toBe('AB12');
  });

  it('given a 3-character token, then the spec sign-up text is the error', () => {
    expect(firstMessage(signUpBodySchema, { token_no: 'ab1', password: 'pass' })).toBe(SIGN_UP_TEXT);
  });

  it('given a token that is only 4 characters after trimming, then it is accepted', () => {
    expect(signUpBodySchema.safeParse({ token_no: '  ab12', password: 'pass' }).success).toBe(true);
  });

  it('given a 6-character token, then the spec sign-up text is the error', () => {
    expect(firstMessage(signUpBodySchema, { token_no: 'ab1234', password: 'pass' })).toBe(SIGN_UP_TEXT);
  });

  it('given a 3-character password, then the spec sign-up text is the error', () => {
    expect(firstMessage(signUpBodySchema, { token_no: 'ab12', password: 'abc' })).toBe(SIGN_UP_TEXT);
  });

  it('given no body fields at all, then the spec sign-up text is the error', () => {
    expect(firstMessage(signUpBodySchema, {})).toBe(SIGN_UP_TEXT);
    expect(firstMessage(signUpBodySchema, null)).toBe(SIGN_UP_TEXT);
  });

  it('given blank optional name and mobile, then they are treated as not given', () => {
    const body = signUpBodySchema.parse({ token_no: 'ab12', password: 'pass', name: ' ', mobile: '' });
    expect(body.name).toBeUndefined();
    expect(body.mobile).toBeUndefined();
  });

  it('given a 9-digit mobile, then the spec mobile text is the error', () => {
    expect(firstMessage(signUpBodySchema, { token_no: 'ab12', password: 'pass', mobile: '987654321' })).toBe(
      'Please enter a valid 10 digits mobile number',
    );
  });
});

describe('sign-in body', () => {
  it('given an empty password, then the spec sign-in text is the error', () => {
    expect(firstMessage(signInBodySchema, { token_no: 'AB12', password: '' })).toBe(SIGN_IN_TEXT);
  });

  it('given a 5-character token padded with spaces, when parsed, then it is trimmed and upper-cased', () => {
    expect(signInBodySchema.parse({ token_no: ' op9x1 ', password: 'x' }).token_no).toBe('OP9X1');
  });

  it('given a 3-character token, then the spec sign-in text is the error', () => {
    expect(firstMessage(signInBodySchema, { token_no: 'ab1', password: 'pass' })).toBe(SIGN_IN_TEXT);
  });
});

describe('change-user body', () => {
  it('given no fields, then it is a valid change of nothing', () => {
    expect(changeUserBodySchema.parse({})).toEqual({});
  });

  it('given a driver role with a vehicle type and a block, then all are kept', () => {
    expect(changeUserBodySchema.parse({ role: 'driver', assignedVehicleType: 'Crane', is_blocked: true })).toEqual({
      role: 'driver',
      assignedVehicleType: 'Crane',
      is_blocked: true,
    });
  });

  it('given a name with digits, then the spec name text is the error', () => {
    expect(firstMessage(changeUserBodySchema, { name: 'Ravi 2' })).toBe('Name should contain only alphabets');
  });

  it('given a 9-digit mobile, then the spec mobile text is the error', () => {
    expect(firstMessage(changeUserBodySchema, { mobile: '987654321' })).toBe('Please enter a valid 10 digits mobile number');
  });

  it('given blank name and mobile, then they clear the fields', () => {
    expect(changeUserBodySchema.parse({ name: ' ', mobile: '' })).toEqual({ name: '', mobile: '' });
  });

  it('given an unknown vehicle type, then the spec vehicle text is the error', () => {
    expect(firstMessage(changeUserBodySchema, { assignedVehicleType: 'Truck' })).toBe('Please select a vehicle type.');
  });

  it('given an unknown role or a block flag that is not a boolean, then it is refused', () => {
    expect(changeUserBodySchema.safeParse({ role: 'superuser' }).success).toBe(false);
    expect(changeUserBodySchema.safeParse({ is_blocked: 'yes' }).success).toBe(false);
  });
});

describe('user params and profile', () => {
  it('given a lower-case token in the path, when parsed, then it is upper-cased like sign-up stores it', () => {
    expect(userParamsSchema.parse({ tokenNo: ' ab12 ' }).tokenNo).toBe('AB12');
  });

  it('given a profile with a password hash, when parsed, then the hash is stripped', () => {
    const profile = {
      token_no: 'AB12',
      name: 'Asha',
      mobile: '',
      role: 'requester',
      is_blocked: false,
      assignedVehicleType: null,
      language: null,
      passwordHash: 'x',
    };
    expect(userProfileSchema.parse(profile)).not.toHaveProperty('passwordHash');
  });
});
