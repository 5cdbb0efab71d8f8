// The part of s3rver (npm, no types of its own) that the tests' S3 server uses (infra/test-helpers.ts).
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      configureBuckets?: { name: string }[]
    })
    run(): Promise<{ address: string; port: number }>
    close(callback?: () => void): void
  }
}

declare module 's3rver/lib/stores/filesystem' {
  interface StoredObject {
    bucket: string
    key: string
    content: Buffer | NodeJS.ReadableStream
    metadata: Record<string, string>
  }
  export default class FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>
  }
}
