import { APP_VERSION } from '../../shared/version'

/** `swisstax --help`. Every setting config.ts reads is listed (help.test.ts checks it). */
export const HELP = `swisstax ${APP_VERSION}: Swiss tax-return preparation, one executable and one data folder.

Usage: swisstax [command] [--dev]

Commands:
  serve                 start the web server (the default)
  admin add EMAIL       give the admin role to EMAIL (the account is created if needed)
  admin remove EMAIL    take the admin role away from EMAIL (one that ADMIN_EMAILS gave ends at
                        start once the address has left the list); the last admin cannot be removed
  admin list            print the admins, with where their role comes from (cli or ADMIN_EMAILS)
  backup FILE [--with-key]
                        write a consistent copy of the live database to FILE and the encrypted
                        documents to FILE.blobs/ (readable by you only). The documents need the
                        master key: keep it too, or add --with-key to write it to FILE.key (0600).
                        What recognition read is copied to FILE.recognition/. README: "Restore"
  keys rotate           new master key: every document's data key is re-wrapped, the files are
                        not re-encrypted. Refused while a server runs on DATA_DIR: stop it first;
                        back up the new key afterwards
  data import-localities FILE
                        load swisstopo's Ortschaftenverzeichnis CSV (semicolon-separated) for the
                        address lookup, replacing the previous import
  data import-addresses FILE
                        load swisstopo's register of building addresses (Gebäudeadressen CSV,
                        about 3 million rows, streamed with a progress line) so that the address
                        lookup finds streets and house numbers; replaces the previous import
  --version             print the version
  --help                print this help

Settings (environment variables, default in brackets):
  PORT                  HTTP port [3000]
  HOST                  address to listen on [0.0.0.0]
  SHARED_PORT           1: let several processes listen on the same port (SO_REUSEPORT) [0: a port
                        in use stops the start]
  DATA_DIR              database, documents and key file [./data]; with DATABASE_URL only this instance's
                        temporary files
  DATABASE_URL          postgres://user:password@host:port/database: PostgreSQL instead of SQLite, for
                        several instances on one database; needs SWISSTAX_MASTER_KEY [unset: SQLite in DATA_DIR]
  PG_POOL_SIZE          connections of one instance to PostgreSQL [10]
  PUBLIC_URL            the address people use, for mails and Secure cookies [http://localhost:PORT]
  APP_NAME              display name [SwissTax]
  SMTP_URL              SMTP server for login codes and client mails, e.g. smtp://user:pass@host:587
                        [unset: codes are logged]
  MAIL_FROM             sender of mails [SwissTax <no-reply@PUBLIC_URL's host>]
  ADMIN_EMAILS          comma-separated e-mails that get the admin role at sign-in [none]
  FILING_DEADLINE       filing deadline as MM-DD of the following year, for the clients' reminder
                        mails 30 and 7 days before [03-31]
  SWISSTAX_MASTER_KEY   base64 32-byte key for document encryption [DATA_DIR/master.key, created at first start;
                        required with DATABASE_URL]
  STORAGE_URL           s3://BUCKET/PREFIX: documents and recognised texts (encrypted) as objects of an
                        S3-compatible bucket; DATA_DIR then keeps only this instance's temporary files
                        of them [unset: in DATA_DIR]. README: "Storage in S3"
  S3_ENDPOINT           the S3 server, e.g. https://s3.eu-central-2.amazonaws.com [Amazon S3]
  S3_REGION             its region [what the endpoint implies]
  S3_ACCESS_KEY_ID      the access key with which swisstax reads and writes the bucket (needed with STORAGE_URL)
  S3_SECRET_ACCESS_KEY  its secret (needed with STORAGE_URL; never logged or shown)
  S3_SESSION_TOKEN      a temporary credential's session token [none]
  SESSION_IDLE_MINUTES  a session ends after this long without use [60]
  SESSION_MAX_HOURS     and this long after sign-in at the latest [12]
  TRUST_PROXY           number of reverse proxies in front that append to X-Forwarded-For [0: header ignored]
  AUDIT_RETENTION_DAYS  audit entries older than this are removed daily [365]
  USER_QUOTA_MB         stored documents per person, all versions [2048]
  RECOGNITION_WORKERS   documents read at once in the background, each up to a core and ~250 MB [1; 0: off]
  RECOGNITION_RECYCLE_MB
                        a worker holding more memory (MB) after a document is replaced by a fresh one [250]
  RECOGNITION_WORKER_MB a worker ends itself past this resident memory (MB); the document is tried again
                        later and after three tries marked "too large to read" [1024]
  RECOGNITION_TIMEOUT_SECONDS
                        one document may hold a worker this long; the worker ends itself past it [120]
  RECOGNITION_RETRY_SECONDS
                        a document whose worker ended is tried again after this, doubled each time [30]
  FIRM_NAME             the representative named in the power of attorney [APP_NAME]
  FIRM_ADDRESS          its address [empty]
  PLAN_PRICES           the plans' prices per tax year: the currency, then basic=AMOUNT and
                        premium=AMOUNT, e.g. "CHF basic=90 premium=190" [unset: no prices shown]
  ADDRESS_SEARCH_URL    a Nominatim-style geocoder for the address lookup [unset: offline list only]
  LOG_FORMAT            text (one readable line) or json (JSON lines: time, level, msg, fields) [text]
  METRICS_TOKEN         turns on GET /metrics (Prometheus text), asked as "Authorization: Bearer TOKEN";
                        at least 16 characters [unset: /metrics is 404]
  SHUTDOWN_DRAIN_SECONDS
                        after SIGTERM, /readyz answers 503 this long before the server stops [0]
  NODE_ENV              production; development (or --dev) turns on the dev mailbox and dev-only routes [production]`
