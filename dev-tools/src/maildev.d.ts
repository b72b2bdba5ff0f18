// maildev ships no types; the part of its API the local mail server uses.
declare module "maildev" {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    silent?: boolean;
    disableWeb?: boolean;
    mailDirectory?: string;
  }
  export default class MailDev {
    constructor(options: MailDevOptions);
    listen(callback: (error?: Error) => void): void;
    close(callback: () => void): void;
  }
}
