import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX, NicknameForm, nicknameIssue, nicknameKey, randomAlias } from './nickname';

describe('public nickname rules', () => {
  it.each([
    ['Trader-7F3K2A', null],
    ['Trader Joe', null],
    ['  Trader   Joe ', null],
    ['王小明', null],
    ['さくら_88', null],
    ['김철수', null],
    ['สมชาย', null],
    ['ＡＢＣｄｅ', null],
    ['ab', 'nickname.length'],
    ['x'.repeat(NICKNAME_MAX + 1), 'nickname.length'],
    ['bob@example.com', 'nickname.contact'],
    ['bob＠example', 'nickname.contact'],
    ['bob.example', 'nickname.contact'],
    ['13800138000', 'nickname.contact'],
    ['+66 812 345 678', 'nickname.contact'],
    ['call 1-2-3-4-5', 'nickname.contact'],
    ['a1b2c3d4e5', 'nickname.contact'],
    ['Trader2024', null],
    ['Тrader', 'nickname.chars'],
    ['bob<script>', 'nickname.chars'],
    ['____', 'nickname.chars'],
  ])('%s → %s', (value, issue) => {
    expect(nicknameIssue(value)).toBe(issue);
  });

  it('normalizes what it stores and compares case-insensitively', () => {
    expect(NicknameForm.parse({ nickname: '  ＡＢＣ   de ' })).toEqual({ nickname: 'ABC de' });
    expect(nicknameKey('Trader-ABC')).toBe(nicknameKey('trader-abc'));
  });

  it('generates aliases that follow the rules', () => {
    for (let i = 0; i < 500; i++) {
      const alias = randomAlias();
      expect(alias).toMatch(/^Trader-[A-HJ-NP-Z2-9]{6}$/);
      expect(nicknameIssue(alias)).toBeNull();
    }
  });
});
