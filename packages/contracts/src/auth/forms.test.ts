import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_AREA_CODE, areaCodeId, normalizeAreaCode } from '../countries';
import {
  BankForm,
  CashForm,
  ForgetForm,
  KycForm,
  RegisterForm,
  SendMailForm,
  firstFormKey,
  isEmail,
  loginForm,
  normalizePhone,
} from './forms';

const keyOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : firstFormKey(r.error as never);
};

describe('login form', () => {
  const ok = { user_string: 'a@b.co', password: 'secret', sms_code: '' };
  it.each([
    [{ ...ok, user_string: '  ' }, false, 'login.enterAccount'],
    [{ ...ok, password: '12345' }, false, 'login.psw6'],
    [{ ...ok, password: 'x'.repeat(17) }, false, 'login.psw6'],
    [ok, false, null],
    [ok, true, 'login.enterCode'],
    [{ ...ok, sms_code: '123456' }, true, null],
  ])('%o (code needed: %s) → %s', (values, needCode, key) => {
    expect(keyOf(loginForm(needCode), values)).toBe(key);
  });
});

describe('registration form', () => {
  const ok = {
    extension_code: 'DEMO0001',
    type: 'email',
    user_string: 'a@b.co',
    password: 'secret',
    re_password: 'secret',
    code: '1',
  };
  it.each([
    [{ ...ok, extension_code: '' }, 'register.inviteRequired'],
    [{ ...ok, user_string: '' }, 'login.enterAccount'],
    [{ ...ok, password: '12345', re_password: '12345' }, 'register.psw16'],
    [{ ...ok, re_password: '' }, 'register.rePswRequired'],
    [{ ...ok, re_password: 'secreT' }, 'set.pswFalse'],
    [{ ...ok, code: '' }, 'login.enterCode'],
    [{ ...ok, user_string: 'a@b' }, 'register.emailFalse'],
    [{ ...ok, type: 'mobile', user_string: '12ab' }, 'register.phoneFalse'],
    [{ ...ok, type: 'mobile', user_string: '081 234 5678' }, null],
    [ok, null],
  ])('%o → %s', (values, key) => {
    expect(keyOf(RegisterForm, values)).toBe(key);
  });
});

describe('other forms', () => {
  it('forgot password: both passwords, equal, 6-16, a code', () => {
    const ok = { account: 'a@b.co', password: 'secret', repassword: 'secret', code: '1' };
    expect(keyOf(ForgetForm, { ...ok, password: '' })).toBe('forget.enterPswTwo');
    expect(keyOf(ForgetForm, { ...ok, repassword: '' })).toBe('forget.enterPswTwo');
    expect(keyOf(ForgetForm, { ...ok, repassword: 'other1' })).toBe('set.pswFalse');
    expect(keyOf(ForgetForm, { ...ok, code: 'x'.repeat(17) })).toBe('login.enterCode');
    expect(keyOf(ForgetForm, ok)).toBeNull();
  });

  it('identity: name, card, all three images', () => {
    const ok = { name: 'A', card_id: '1', front_pic: 'f', reverse_pic: 'r', hand_pic: 'h' };
    expect(keyOf(KycForm, { ...ok, name: ' ' })).toBe('auth.nameRequired');
    expect(keyOf(KycForm, { ...ok, card_id: '' })).toBe('auth.cardRequired');
    expect(keyOf(KycForm, { ...ok, reverse_pic: '' })).toBe('auth.pimg');
    expect(keyOf(KycForm, ok)).toBeNull();
  });

  it('bank: payee, account, at most 50, other needs a name, BCA by default', () => {
    const ok = { receive_name: 'A', bank_code: '', bank_name: '', receive_account: '1' };
    expect(BankForm.parse(ok).bank_code).toBe('BCA');
    expect(keyOf(BankForm, { ...ok, receive_name: '' })).toBe('bank.nameRequired');
    expect(keyOf(BankForm, { ...ok, receive_account: 'x'.repeat(51) })).toBe('bank.tooLong');
    expect(keyOf(BankForm, { ...ok, bank_code: 'other' })).toBe('bank.otherRequired');
    expect(
      keyOf(BankForm, { ...ok, receive_name: 'x'.repeat(50), receive_account: 'y'.repeat(50) }),
    ).toBeNull();
  });

  it.each([
    ['name@example.com', true],
    ['first.last+tag@sub.example.co.th', true],
    ['x@y.online', true],
    ['x@y.c', false],
    ['x@y', false],
    ['x y@z.com', false],
    ['@z.com', false],
  ])('e-mail pattern: %s → %s', (email, valid) => {
    expect(isEmail(email)).toBe(valid);
    expect(keyOf(SendMailForm, { user_string: email }) === null).toBe(valid);
  });

  it('normalizes phone numbers', () => {
    expect(normalizePhone(' 081-234 (5678) ')).toBe('812345678');
  });
});

describe('the bundled country list', () => {
  it('has about 230 countries with unique ids, digit area codes and both names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(220);
    expect(new Set(COUNTRIES.map((c) => c.country_id)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.iso)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.area_code).toMatch(/^[1-9]\d{0,3}$/);
      expect(c.name_en.length).toBeGreaterThan(1);
      expect(c.name_cn.length).toBeGreaterThan(0);
    }
  });

  it('defaults to +66; 86 means area_code_id 1, everything else 0', () => {
    expect(DEFAULT_AREA_CODE).toBe('66');
    expect(COUNTRIES.find((c) => c.area_code === '66')?.name_en).toBe('Thailand');
    expect(areaCodeId('86')).toBe(1);
    expect(areaCodeId('+86')).toBe(1);
    expect(areaCodeId('66')).toBe(0);
    expect(areaCodeId('852')).toBe(0);
    expect(normalizeAreaCode('+0066')).toBe('66');
    expect(normalizeAreaCode('999')).toBeNull();
  });
});

describe('payment details form', () => {
  const none = {
    real_name: 'Li Lei',
    bank_name: '',
    bank_account: '',
    alipay_account: '',
    wechat_account: '',
    wechat_nickname: '',
    alipay_collect: '',
    wechat_collect: '',
  };
  it('takes one method at a time: bank alone, or Alipay alone, without QR images', () => {
    expect(keyOf(CashForm, { ...none, bank_name: 'ICBC', bank_account: '6222 0001' })).toBeNull();
    expect(keyOf(CashForm, { ...none, alipay_account: 'li@ali' })).toBeNull();
  });
  it('asks for a method, and for both halves of the bank', () => {
    expect(keyOf(CashForm, none)).toBe('cash.bankAccount');
    expect(keyOf(CashForm, { ...none, bank_name: 'ICBC' })).toBe('cash.bankAccount');
    expect(keyOf(CashForm, { ...none, bank_account: '6222' })).toBe('cash.bankName');
    expect(keyOf(CashForm, { ...none, real_name: '', alipay_account: 'x' })).toBe('cash.realName');
  });
});
