import { createServer as createHttpServer, type RequestListener } from "node:http";
import { createServer, type AddressInfo } from "node:net";

/** A loopback port with nothing listening: connecting fails at once with ECONNREFUSED. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** An HTTP server for `handler` on a free loopback port, and how to close it. */
export async function listenOnLoopback(handler: RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
