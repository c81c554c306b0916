import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/**
 * An S3-compatible server on loopback for the storage tests (ADR 19): it speaks S3's HTTP API
 * (path-style addressing, listings with continuation, batch deletes, streamed bodies, object
 * metadata) and keeps its objects in a temporary folder removed again on close.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "plukweide-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "plukweide-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    // It signs bucket-level requests (list, batch delete) over "/bucket" where the AWS SDK signs
    // "/bucket/", so it would refuse them all; signatures are left to a real store (ADR 19).
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    // The server's one account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
