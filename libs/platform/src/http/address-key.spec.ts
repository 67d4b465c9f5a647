import { addressKey } from './address-key';

describe('addressKey (the per-address rate limits)', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, whatever the rest of the address', () => {
    const key = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:0000:0000:0000:0099')).toBe(key);
    expect(addressKey('[2001:db8:1:2::5]')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('expands compressed forms before taking the prefix', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8::')).toBe(addressKey('2001:db8:0:0:1::'));
  });

  it('drops a zone id', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('fe80::2%25en0')).toBe(addressKey('fe80::9'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('keeps what is not an address, and names a missing one', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});
