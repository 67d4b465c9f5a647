/**
 * The most used passwords of at least 6 characters, from the public breach-corpus top lists
 * (SecLists "10k most common", NordPass yearly lists), lower-cased. A password is refused when
 * it matches one of these ignoring case, or is one of them with a short run of digits or `!` added.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 1234567 12345678 123456789 1234567890 0123456789 654321 987654321 111111 222222 333333 444444
  555555 666666 777777 888888 999999 000000 1111111 11111111 121212 123123 123321 112233 123654 147258
  159753 159357 147852 258456 789456 456789 102030 101010 202020 696969 131313 212121 232323 112211
  password password1 password12 password123 passw0rd p@ssw0rd p@ssword pass123 pass1234 passpass
  qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwer1234 qwerty1234 asdfgh asdfghjkl asdf1234 zxcvbn
  zxcvbnm 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qazwsx qazwsxedc zaq12wsx abc123 abcd1234 abcdef
  abcdefg abcdefgh aaaaaa a123456 a12345 123abc 123qwe qwe123 iloveyou iloveu loveyou lovely
  monkey dragon master letmein welcome welcome1 welcome123 login admin admin1 admin123 administrator
  root123 sunshine princess football football1 baseball basketball soccer hockey batman superman
  starwars pokemon trustno1 shadow michael jennifer jordan jordan23 hunter charlie freedom whatever
  secret secret1 666666 mustang access flower cheese computer internet killer ginger summer winter
  spring autumn chelsea arsenal liverpool hello123 hello1 hello12 helloworld changeme changeme1
  default guest guest123 test123 test1234 testing tester 123test google mypassword yourpassword
  samsung apple123 iphone nokia banana orange chocolate cookie pepper purple yellow silver golden
  matrix ninja pokemon1 naruto hannah jessica ashley daniel thomas andrew joshua michelle nicole
  amanda justin robert anthony taylor buster tigger maggie harley ranger dakota austin thunder
  swishly swishly1 swishly123 hoops123 dunk123 baller`
    .split(/\s+/)
    .filter(Boolean),
);

/** True for a password on the list, also with a few digits or `!` appended ("Password123!"). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const stem = lower.replace(/[0-9!]{1,4}$/, '');
  return stem !== lower && stem.length >= 4 && (COMMON_PASSWORDS.has(stem) || COMMON_PASSWORDS.has(`${stem}1`));
}
