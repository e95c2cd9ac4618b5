import { describe, expect, it } from 'vitest';
import { cachedResolver } from '../../server/sandbox/tasks/dns-cache';

/** A DNS that answers from a table and counts the questions it was asked. */
function countingDns(answers: Record<string, string[][] | string>) {
  const asked: string[] = [];
  const resolve = async (name: string, rrtype: string) => {
    asked.push(`${rrtype}:${name}`);
    const answer = answers[`${rrtype}:${name.toLowerCase()}`];
    if (typeof answer === 'string') throw Object.assign(new Error(`${rrtype} ${name}: ${answer}`), { code: answer });
    if (!answer) throw Object.assign(new Error(`${rrtype} ${name}: not found`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { asked, resolve };
}

describe('the sandbox workers\' DNS cache (SPF and DKIM lookups of received mail)', () => {
  it('asks once for a record however many mails need it, whatever the case of the name', async () => {
    const dns = countingDns({ 'TXT:acme.example': [['v=spf1 ip4:192.0.2.1 -all']] });
    const cached = cachedResolver(dns.resolve);
    for (const name of ['acme.example', 'ACME.example', 'acme.example']) await expect(cached(name, 'TXT')).resolves.toEqual([['v=spf1 ip4:192.0.2.1 -all']]);
    expect(dns.asked).toEqual(['TXT:acme.example']);
    // Another record type of the same name is another question.
    await expect(cached('acme.example', 'MX')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.asked).toEqual(['TXT:acme.example', 'MX:acme.example']);
  });

  it('keeps "no such name" and "no such record" as answers, but asks again after a temporary failure', async () => {
    const dns = countingDns({ 'TXT:nodata.example': 'ENODATA', 'TXT:down.example': 'ETIMEOUT' });
    const cached = cachedResolver(dns.resolve);
    for (let i = 0; i < 2; i++) {
      await expect(cached('missing.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(cached('nodata.example', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
      await expect(cached('down.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    }
    expect(dns.asked).toEqual(['TXT:missing.example', 'TXT:nodata.example', 'TXT:down.example', 'TXT:down.example']);
  });

  it('holds a bounded number of answers: mail naming many domains pushes the oldest out', async () => {
    const dns = countingDns({ 'TXT:a.example': [['a']], 'TXT:b.example': [['b']], 'TXT:c.example': [['c']] });
    const cached = cachedResolver(dns.resolve, { maxEntries: 2, ttlMs: 60_000 });
    for (const name of ['a.example', 'b.example', 'c.example', 'a.example']) await cached(name, 'TXT');
    expect(dns.asked).toEqual(['TXT:a.example', 'TXT:b.example', 'TXT:c.example', 'TXT:a.example']);
  });
});
