import { describe, expect, it } from 'vitest';
import { withScheme } from '../../../shared/model/typed-address.ts';

describe('an address typed without a scheme', () => {
  it('is taken as https, as a browser would', () => {
    expect(withScheme('messaging.example.com')).toBe('https://messaging.example.com');
    expect(withScheme(' relay.example.org:8443/parley ')).toBe(
      'https://relay.example.org:8443/parley',
    );
    expect(withScheme('//example.com/cat.png')).toBe('https://example.com/cat.png');
  });

  it('is taken as http on this computer, the one place plain http is accepted', () => {
    expect(withScheme('localhost:8080')).toBe('http://localhost:8080');
    expect(withScheme('127.0.0.1:4010/')).toBe('http://127.0.0.1:4010/');
    expect(withScheme('[::1]:4010')).toBe('http://[::1]:4010');
  });

  it('is left as it is with a scheme of its own, or when empty, for the form to judge', () => {
    expect(withScheme('http://messaging.example.com')).toBe('http://messaging.example.com');
    expect(withScheme('ftp://files.example.com')).toBe('ftp://files.example.com');
    expect(withScheme('   ')).toBe('');
  });
});
