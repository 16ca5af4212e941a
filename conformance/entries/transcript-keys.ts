// The oauthlib 1024-bit RSA test key, in the three encodings a user may hold it in. Published as
// test material in oauthlib/oauthlib tests/oauth1/rfc5849/test_signatures.py
// (commit 40b0ab56da3682c2484a4b78bbff309f8025d950); copied from shared/vectors/oauthlib_rsa_1024*.pem.
// Embedded as strings because workerd and edge-runtime have no file system. Never use it for anything else.

/** PKCS#1 private key (`BEGIN RSA PRIVATE KEY`): WebCrypto cannot import it without conversion. */
export const rsaPkcs1Private =
  '-----BEGIN RSA PRIVATE KEY-----\nMIICXgIBAAKBgQDk1/bxyS8Q8jiheHeYYp/4rEKJopeQRRKKpZI4s5i+UPwVpupG\nAlwXWfzXwSMaKPAoKJNdu7tqKRniqst5uoHXw98gj0x7zamu0Ck1LtQ4c7pFMVah\n5IYGhBi2E9ycNS329W27nJPWNCbESTu7snVlG8V8mfvGGg3xNjTMO7IdrwIDAQAB\nAoGBAOQ2KuH8S5+OrsL4K+wfjoCi6MfxCUyqVU9GxocdM1m30WyWRFMEz2nKJ8fR\np3vTD4w8yplTOhcoXdQZl0kRoaDzrcYkm2VvJtQRrX7dKFT8dR8D/Tr7dNQLOXfC\nDY6xveQczE7qt7Vk7lp4FqmxBsaaEuokt78pOOjywZoInjZhAkEA9wz3zoZNT0/i\nrf6qv2qTIeieUB035N3dyw6f1BGSWYaXSuerDCD/J1qZbAPKKhyHZbVawFt3UMhe\n542UftBaxQJBAO0iJy1I8GQjGnS7B3yvyH3CcLYGy296+XO/2xKp/d/ty1OIeovx\nC60pLNwuFNF3z9d2GVQAdoQ89hUkOtjZLeMCQQD0JO6oPHUeUjYT+T7ImAv7UKVT\nSuy30sKjLzqoGw1kR+wv7C5PeDRvscs4wa4CW9s6mjSrMDkDrmCLuJDtmf55AkEA\nkmaMg2PNrjUR51F0zOEFycaaqXbGcFwe1/xx9zLmHzMDXd4bsnwt9kk+fe0hQzVS\nJzatanQit3+feev1PN3QewJAWv4RZeavEUhKv+kLe95Yd0su7lTLVduVgh4v5yLT\nGa6FHdjGPcfajt+nrpB1n8UQBEH9ZxniokR/IPvdMlxqXA==\n-----END RSA PRIVATE KEY-----\n';

/** The same key as PKCS#8 (`BEGIN PRIVATE KEY`). */
export const rsaPkcs8Private =
  '-----BEGIN PRIVATE KEY-----\nMIICeAIBADANBgkqhkiG9w0BAQEFAASCAmIwggJeAgEAAoGBAOTX9vHJLxDyOKF4\nd5hin/isQomil5BFEoqlkjizmL5Q/BWm6kYCXBdZ/NfBIxoo8Cgok127u2opGeKq\ny3m6gdfD3yCPTHvNqa7QKTUu1DhzukUxVqHkhgaEGLYT3Jw1Lfb1bbuck9Y0JsRJ\nO7uydWUbxXyZ+8YaDfE2NMw7sh2vAgMBAAECgYEA5DYq4fxLn46uwvgr7B+OgKLo\nx/EJTKpVT0bGhx0zWbfRbJZEUwTPaconx9Gne9MPjDzKmVM6Fyhd1BmXSRGhoPOt\nxiSbZW8m1BGtft0oVPx1HwP9Ovt01As5d8INjrG95BzMTuq3tWTuWngWqbEGxpoS\n6iS3vyk46PLBmgieNmECQQD3DPfOhk1PT+Kt/qq/apMh6J5QHTfk3d3LDp/UEZJZ\nhpdK56sMIP8nWplsA8oqHIdltVrAW3dQyF7njZR+0FrFAkEA7SInLUjwZCMadLsH\nfK/IfcJwtgbLb3r5c7/bEqn93+3LU4h6i/ELrSks3C4U0XfP13YZVAB2hDz2FSQ6\n2Nkt4wJBAPQk7qg8dR5SNhP5PsiYC/tQpVNK7LfSwqMvOqgbDWRH7C/sLk94NG+x\nyzjBrgJb2zqaNKswOQOuYIu4kO2Z/nkCQQCSZoyDY82uNRHnUXTM4QXJxpqpdsZw\nXB7X/HH3MuYfMwNd3huyfC32ST597SFDNVInNq1qdCK3f5956/U83dB7AkBa/hFl\n5q8RSEq/6Qt73lh3Sy7uVMtV25WCHi/nItMZroUd2MY9x9qO36eukHWfxRAEQf1n\nGeKiRH8g+90yXGpc\n-----END PRIVATE KEY-----\n';

/** Its public half as PKCS#1 (`BEGIN RSA PUBLIC KEY`). */
export const rsaPkcs1Public =
  '-----BEGIN RSA PUBLIC KEY-----\nMIGJAoGBAOTX9vHJLxDyOKF4d5hin/isQomil5BFEoqlkjizmL5Q/BWm6kYCXBdZ\n/NfBIxoo8Cgok127u2opGeKqy3m6gdfD3yCPTHvNqa7QKTUu1DhzukUxVqHkhgaE\nGLYT3Jw1Lfb1bbuck9Y0JsRJO7uydWUbxXyZ+8YaDfE2NMw7sh2vAgMBAAE=\n-----END RSA PUBLIC KEY-----\n';
