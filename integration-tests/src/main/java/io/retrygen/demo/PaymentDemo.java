package io.retrygen.demo;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.StatisticsListener;
import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * Runs an in-process payment API that fails its first calls, through the generated {@code
 * PaymentApiRetrying}, and prints each attempt, wait and outcome. Waits are real: about 0.6 s.
 */
public final class PaymentDemo {
  private PaymentDemo() {}

  public static void main(String[] args) {
    FlakyPaymentApi api = new FlakyPaymentApi(2);
    StatisticsListener statistics = new StatisticsListener();
    RetryOptions options =
        RetryOptions.builder().listener(new PrintingListener()).listener(statistics).build();
    PaymentApi payments = new PaymentApiRetrying(api, options);

    System.out.println("charge(\"acct-42\", 1999): the API times out twice, then answers");
    try {
      System.out.println("  -> receipt " + payments.charge("acct-42", 1999));
    } catch (IOException e) {
      System.out.println("  -> gave up: " + e);
    }

    System.out.println();
    System.out.println("refund(\"ch-1\"): the bank refuses; refusals are never retried");
    try {
      payments.refund("ch-1");
    } catch (IOException e) {
      System.out.println("  -> rethrown as is: " + e);
    }

    System.out.println();
    System.out.println("calls that reached the API: " + api.calls);
    System.out.println("statistics for PaymentApi.charge: "
        + statistics.statistics("PaymentApi.charge"));
    System.out.println("statistics for PaymentApi.refund: "
        + statistics.statistics("PaymentApi.refund"));
  }

  /** Prints every event of every guarded method. */
  static final class PrintingListener implements RetryListener {
    @Override
    public void onRetry(RetryEvent event) {
      System.out.printf("  attempt %d of %s failed (%s); waiting %d ms%n",
          event.attempt(), event.label(), event.failure(), event.delayMillis());
    }

    @Override
    public void onSuccess(RetryEvent event) {
      System.out.printf("  attempt %d of %s succeeded after %d ms%n",
          event.attempt(), event.label(), event.elapsedNanos() / 1_000_000);
    }

    @Override
    public void onFailure(RetryEvent event) {
      System.out.printf("  attempt %d of %s failed (%s); giving up%n",
          event.attempt(), event.label(), event.failure());
    }
  }

  /** Times out on its first {@code failures} charges. */
  static final class FlakyPaymentApi implements PaymentApi {
    private final int failures;
    int calls;

    FlakyPaymentApi(int failures) {
      this.failures = failures;
    }

    @Override
    public String charge(String account, long cents) throws IOException {
      calls++;
      if (calls <= failures) {
        throw new SocketTimeoutException("read timed out");
      }
      return "ch-" + calls + " (" + account + ", " + cents + " cents)";
    }

    @Override
    public void refund(String chargeId) throws IOException {
      calls++;
      throw new RefundRefusedException("refund of " + chargeId + " refused");
    }
  }
}
