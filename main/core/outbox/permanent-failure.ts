/** A write that cannot succeed as it stands, for reasons found before or without the server. */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}
