package io.retrygen.docs;

import java.io.IOException;

/** The README's first call of a generated class. */
final class QuickLook {
  private QuickLook() {}

  static Receipt chargeOnce() throws IOException {
    PaymentClient client = new PaymentClientRetrying(new HttpPaymentClient());
    return client.charge("acct-42", 1999);   // up to 5 calls, with waits of 100, 200, 400, 800 ms
  }

  /** A stand-in for an HTTP implementation that answers at once. */
  static final class HttpPaymentClient implements PaymentClient {
    @Override
    public Receipt charge(String account, long cents) {
      return new Receipt(account + ":" + cents);
    }

    @Override
    public Receipt find(String id) {
      return new Receipt(id);
    }
  }
}
