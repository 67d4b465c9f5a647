import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, createSign, generateKeyPairSync, KeyObject, randomBytes } from 'node:crypto';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/**
 * A passkey authenticator in software, as a browser and its platform authenticator answer
 * WebAuthn: ES256 keys, "none" attestation, a signature counter. Its answers are the JSON that
 * @simplewebauthn/browser hands the server, so the server's real verification runs on them.
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, { privateKey: KeyObject; counter: number }>();

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create() for these options (PublicKeyCredentialCreationOptionsJSON). */
  create(options: { challenge: string; rp: { id?: string } }, origin = this.origin) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? new URL(origin).hostname),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const id = base64url(credentialId);
    this.credentials.set(id, { privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false })),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for these options (PublicKeyCredentialRequestOptionsJSON), with the credential `id`. */
  get(options: { challenge: string; rpId?: string }, id: string, origin = this.origin) {
    const credential = this.credentials.get(id);
    if (!credential) throw new Error(`No credential ${id}`);
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(options.rpId ?? new URL(origin).hostname), Buffer.from([0x05]), counter]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const signature = createSign('SHA256')
      .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
      .sign(credential.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authenticatorData), signature: base64url(signature) },
      clientExtensionResults: {},
    };
  }
}
