import { describe, expect, it } from 'vitest';
import { renderTemplate, type Brand } from './template-render';

const brand: Brand = {
  siteName: 'Kaveri Studio',
  color: '#0f766e',
  logo: { url: 'https://agency.example/api/media/logo-1', width: 400, height: 100, alt: '' },
  address: '12 MG Road\nBengaluru',
};
const mjml =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{ name | default: "there" }}</mj-text></mj-column></mj-section></mj-body></mjml>';
const links = { unsubscribeUrl: 'https://agency.example/unsubscribe?token=t1' };

describe('renderTemplate', () => {
  it('puts the logo (48 px tall) first, the content, then the footer with the address and the unsubscribe link', async () => {
    const mail = await renderTemplate(
      { subject: 'Hi', preheader: '', mjml, textOverride: null },
      {},
      brand,
      links,
    );
    const logo = mail.html.indexOf('https://agency.example/api/media/logo-1');
    const content = mail.html.indexOf('Hello there');
    const address = mail.html.indexOf('12 MG Road<br');
    const unsubscribe = mail.html.indexOf('href="https://agency.example/unsubscribe?token=t1"');
    expect(logo).toBeGreaterThan(0);
    expect(content).toBeGreaterThan(logo);
    expect(address).toBeGreaterThan(content);
    expect(unsubscribe).toBeGreaterThan(address);
    expect(mail.html).toContain('width="192"');
    expect(mail.html).toContain('alt="Kaveri Studio"');
    expect(mail.text).toContain('Hello there');
    expect(mail.text).toContain('12 MG Road\nBengaluru');
    expect(mail.text).toContain('Unsubscribe (https://agency.example/unsubscribe?token=t1)');
  });

  it('ends an author-written text part with the footer too, and refuses without an address', async () => {
    const mail = await renderTemplate(
      { subject: 'Hi', preheader: '', mjml, textOverride: 'Hi {{ name }}, plain.' },
      { name: 'Asha' },
      brand,
      links,
    );
    expect(mail.text).toMatch(
      /^Hi Asha, plain\.\n\n---\n.*Kaveri Studio\.\n12 MG Road\nBengaluru\nUnsubscribe: https:\/\/agency\.example\/unsubscribe\?token=t1$/,
    );
    await expect(
      renderTemplate(
        { subject: 'Hi', preheader: '', mjml, textOverride: null },
        {},
        { ...brand, address: ' ' },
        links,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
