import { isIpv6Address } from './server-url';
import { pythonLength } from './python-len';

// The server checks addresses with Django's EmailValidator (`validate_email`, and the forms'
// EmailField): these are its rules, so `a@localhost` is taken and `z@zulip.c` (a one-letter
// top-level domain) or `a,b@zulip.com` refused, unlike a simple `x@y.z` pattern.
const MAX_LENGTH = 320;
// Python's case-insensitive [A-Z] also matches these four letters, whose simple case mapping is ASCII.
const ASCII_FOLDING = '\\u0130\\u0131\\u017f\\u212a';
const ATOM = `[-!#$%&'*+/=?^_\`{}|~0-9a-z${ASCII_FOLDING}]+`;
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'i');
const QUOTED = new RegExp(
  `^"(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f!#-\\[\\]-\\x7f${ASCII_FOLDING}]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f${ASCII_FOLDING}])*"$`,
  'i',
);
const LABEL = `[a-z0-9${ASCII_FOLDING}]`;
const DOMAIN = new RegExp(`^(?:${LABEL}(?:[a-z0-9${ASCII_FOLDING}-]{0,61}${LABEL})?\\.)+[a-z0-9${ASCII_FOLDING}-]{2,63}(?<!-)$`, 'i');
const LITERAL = /^\[([a-f0-9:.]+)\]$/i;
// Django refuses longer IPv6 literals before parsing them.
const MAX_IPV6_LENGTH = 39;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const DOMAIN_ALLOWLIST: ReadonlySet<string> = new Set(['localhost']);
// Python's IDNA codec splits labels at these dots.
const LABEL_SEPARATORS = /[.\u3002\uff0e\uff61]/;
const NON_ASCII = /[\u0080-\uffff]/;

/** Whether the real server takes this as an email address (Django's `validate_email`). */
export function isServerEmail(address: string): boolean {
  if (address === '' || !address.includes('@') || pythonLength(address) > MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  const user = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!DOT_ATOM.test(user) && !QUOTED.test(user)) return false;
  if (DOMAIN_ALLOWLIST.has(domain) || isValidDomainPart(domain)) return true;
  // An internationalized domain is checked again in its ASCII (punycode) form.
  const ascii = NON_ASCII.test(domain) ? idnaDomain(domain) : undefined;
  return ascii !== undefined && isValidDomainPart(ascii);
}

function isValidDomainPart(domain: string): boolean {
  if (DOMAIN.test(domain)) return true;
  const literal = LITERAL.exec(domain)?.[1];
  return literal !== undefined && (IPV4.test(literal) || (literal.length <= MAX_IPV6_LENGTH && isIpv6Address(literal)));
}

/**
 * The domain's ASCII form, label by label as Python's IDNA codec converts it: ASCII labels as
 * they are, the others through the URL parser's IDNA mapping; undefined if a label cannot be
 * converted. ASCII other than letters, digits and hyphens survives conversion and fails the
 * domain pattern anyway, so it is refused first (it would change how the URL parser reads the host).
 */
function idnaDomain(domain: string): string | undefined {
  if (/[^-.0-9a-z\u0080-\uffff]/i.test(domain)) return undefined;
  const labels: string[] = [];
  for (const label of domain.split(LABEL_SEPARATORS)) {
    if (!NON_ASCII.test(label)) {
      labels.push(label);
      continue;
    }
    try {
      // A last label that is not a number keeps the parser from reading the host as IPv4.
      labels.push(new URL(`http://${label}.x/`).hostname.slice(0, -'.x'.length));
    } catch {
      return undefined;
    }
  }
  return labels.join('.');
}
