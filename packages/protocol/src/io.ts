// @paysign/protocol/io: the one part of the package that reads I/O: a body read with a cap in
// bytes, checked before the read (Content-Length) and while reading (the stream or a Node
// message's data events), and a stream over a Node message's body. The client reads the gateway's
// reply with them, the emulator and the edge proxy a caller's request. The rules themselves (the package's main entry) do no I/O.
export { declaredTooLarge, lengthOverCap, readCappedBytes, type BodyCarrier } from './io/read-capped-bytes.js';
export { readCappedIncoming } from './io/read-capped-incoming.js';
export { streamFromIncoming, type IncomingStreamOptions, type NodeIncoming } from './io/incoming-stream.js';
