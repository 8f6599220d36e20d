package io.retrygen.runtime.internal;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The deadlines of synchronous attempts: interrupts a thread whose attempt has not ended in time.
 * Each thread has one registration, reused by all its attempts; a ticket is the registration's
 * generation, so a deadline of an attempt that ended never touches a later one.
 *
 * <p>This first version times each deadline with a task on the runtime's timer and takes the
 * registration's lock for the interrupt and for the end of the attempt, so an interrupt is only
 * ever sent while the attempt is armed: correct, but it allocates a task per attempt.
 */
final class Watchdog {
  private static final ThreadLocal<Registration> REGISTRATIONS =
      new ThreadLocal<Registration>() {
        @Override
        protected Registration initialValue() {
          return new Registration(Thread.currentThread());
        }
      };

  private Watchdog() {}

  /** Arms a deadline {@code millis} from now for the calling thread: its ticket. */
  static long arm(long millis) {
    Registration registration = REGISTRATIONS.get();
    long ticket;
    synchronized (registration) {
      ticket = ++registration.generation;
      registration.armed = true;
      registration.fired = false;
    }
    registration.task = SharedScheduler.TIMER.schedule(
        new Deadline(registration, ticket), millis, TimeUnit.MILLISECONDS);
    return ticket;
  }

  /**
   * Disarms the calling thread's deadline of {@code ticket}: whether it had fired (then the
   * interrupt it sent is cleared).
   */
  static boolean disarm(long ticket) {
    Registration registration = REGISTRATIONS.get();
    boolean fired;
    synchronized (registration) {
      if (registration.generation != ticket) {
        return false;
      }
      registration.armed = false;
      fired = registration.fired;
      if (fired && registration.interrupted) {
        Thread.interrupted(); // the interrupt the deadline sent, not anyone else's
      }
    }
    Future<?> task = registration.task;
    if (!fired && task != null) {
      task.cancel(false);
    }
    return fired;
  }

  /** One thread's reusable registration. */
  private static final class Registration {
    final Thread thread;
    long generation;
    boolean armed;
    boolean fired;
    /** Whether the deadline interrupted the thread (not when someone else had already). */
    boolean interrupted;
    volatile Future<?> task;

    Registration(Thread thread) {
      this.thread = thread;
    }
  }

  /** The deadline of one attempt. */
  private static final class Deadline implements Runnable {
    private final Registration registration;
    private final long ticket;

    Deadline(Registration registration, long ticket) {
      this.registration = registration;
      this.ticket = ticket;
    }

    @Override
    public void run() {
      synchronized (registration) {
        if (!registration.armed || registration.generation != ticket) {
          return; // the attempt ended first
        }
        registration.fired = true;
        registration.interrupted = !registration.thread.isInterrupted();
        if (registration.interrupted) {
          registration.thread.interrupt();
        }
      }
    }
  }
}
