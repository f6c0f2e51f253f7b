import { describe, expect, it } from 'vitest';
import { mailHtml, mailText } from './user-text.ts';

describe('user-given text in mails (issue 23 item 13)', () => {
  it('defangs every web or mail address, whatever its domain, so no mail client links it', () => {
    expect(mailText('pay at evil.ru/login')).toBe('pay at evil[.]ru/login');
    expect(mailText('https://evil.example/a?b=c')).toBe('https[:]//evil[.]example/a?b=c');
    expect(mailText('www.evil.com')).toBe('www[.]evil[.]com');
    expect(mailText('write to x@evil.co.th')).toBe('write to x@evil[.]co[.]th');
    expect(mailText('http://10.0.0.1/admin')).toBe('http[:]//10[.]0[.]0[.]1/admin');
    expect(mailText('xn--80ak6aa92e.com and ตัวอย่าง.ไทย')).toBe('xn--80ak6aa92e[.]com and ตัวอย่าง[.]ไทย');
    // Ideographic and full-width dots are dots to some clients.
    expect(mailText('evil。ru evil．ru')).toBe('evil[.]ru evil[.]ru');
  });

  it('keeps ordinary text as written: initials, numbers, Thai', () => {
    expect(mailText('J. R. Smith')).toBe('J. R. Smith');
    expect(mailText('Vibration 2.5 mm/s at 1,480 rpm')).toBe('Vibration 2.5 mm/s at 1,480 rpm');
    expect(mailText('ปั๊มน้ำ P-101 สั่นผิดปกติ')).toBe('ปั๊มน้ำ P-101 สั่นผิดปกติ');
  });

  it('drops control and invisible characters, folds lines where asked, and cuts long text', () => {
    expect(mailText('Eve\u202e\u200b name\r\nsecond line')).toBe('Eve   name\nsecond line');
    expect(mailText('Eve\u202e name\nSubject: x', { oneLine: true })).toBe('Eve name Subject: x');
    expect(mailText('x'.repeat(100), { maxLength: 10 })).toBe(`${'x'.repeat(9)}…`);
  });

  it('escapes HTML after neutralising', () => {
    expect(mailHtml('<a href="https://evil.ru">Bob</a>')).toBe(
      '&#60;a href=&#34;https[:]//evil[.]ru&#34;&#62;Bob&#60;/a&#62;',
    );
  });
});
