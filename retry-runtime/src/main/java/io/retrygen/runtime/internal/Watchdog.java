package io.retrygen.runtime.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The deadlines of synchronous attempts: one runtime-wide daemon thread interrupts a thread whose
 * attempt has not ended in time (SPEC §16).
 *
 * <p>Each thread owns one registration, reused by all its attempts: a {@link Slot} per nesting
 * level (a guarded method that calls another guarded method arms the next level). A slot's
 * state is one word, its generation and its phase, changed by CAS: the thread arms it (IDLE →
 * ARMED), and either disarms it first (ARMED → IDLE) or the watchdog takes it (ARMED → FIRING),
 * interrupts the thread unless it was already interrupted, and says which it did (FIRING → SENT or
 * QUIET). A thread that finds FIRING waits for the outcome before it clears the interrupt, so
 * once {@link #disarm} has returned, no interrupt from that attempt can arrive: no stray
 * interrupt, ever. A ticket is the generation and the level, so a deadline of an attempt that
 * ended never touches a later one.
 *
 * <p>A thread has one interrupt flag: an interrupt someone else sends after the watchdog's (or
 * between the watchdog's look at the flag and its own interrupt) is one with it, and is cleared
 * with it.
 *
 * <p>Arming a slot the watchdog already watches costs an ordered and a volatile write and two
 * volatile reads, disarming it one CAS: no lock, no allocation, no hand-off. A slot joins the
 * watchdog through a lock-free stack (the slot is the node), and leaves its list when the
 * watchdog finds it idle, so a dead thread's registration goes with its thread. The watchdog
 * parks until the earliest deadline it knows, publishing it in {@link #wakeAt}; a thread that
 * arms an earlier one unparks it; with nothing armed it parks for good.
 */
final class Watchdog {
  /** The slot is not timing an attempt. */
  static final int IDLE = 0;
  /** The slot times an attempt of its generation. */
  static final int ARMED = 1;
  /** The watchdog is deciding and sending the interrupt: the thread waits for the outcome. */
  static final int FIRING = 2;
  /** The deadline passed and the watchdog interrupted the thread. */
  static final int SENT = 3;
  /** The deadline passed, the thread was already interrupted: the watchdog sent nothing. */
  static final int QUIET = 4;

  private static final int PHASE_BITS = 3;
  private static final int PHASE_MASK = (1 << PHASE_BITS) - 1;
  /** A ticket is {@code generation << LEVEL_BITS | level}. */
  private static final int LEVEL_BITS = 16;
  private static final long LEVEL_MASK = (1L << LEVEL_BITS) - 1;
  private static final long GENERATION_MASK = (1L << (63 - LEVEL_BITS)) - 1;

  /** Deadlines count from here: never negative, so {@code <} compares them. */
  private static final long ORIGIN = System.nanoTime();
  /** When {@link #wakeAt} says the watchdog parks with no deadline. */
  static final long NEVER = Long.MAX_VALUE;

  /**
   * The deadline the watchdog parks until ({@link #NEVER} for none): a thread arming an earlier
   * one unparks it. Written by the watchdog before it reads the slots, read by a thread after it
   * arms its slot, so one of the two always sees the other.
   */
  static volatile long wakeAt = NEVER;

  /** Slots armed while the watchdog was not watching them; the watchdog drains it. */
  static final AtomicReference<Slot> JOINING = new AtomicReference<Slot>();

  private static final ThreadLocal<Registration> REGISTRATIONS =
      new ThreadLocal<Registration>() {
        @Override
        protected Registration initialValue() {
          return new Registration(Thread.currentThread());
        }
      };

  private Watchdog() {}

  /** Now, on the watchdog's clock. */
  static long now() {
    return System.nanoTime() - ORIGIN;
  }

  /** Arms a deadline {@code nanos} from now for the calling thread, a level deeper: its ticket. */
  static long arm(long nanos) {
    Registration registration = REGISTRATIONS.get();
    int level = registration.depth;
    Slot slot = registration.slot(level);
    registration.depth = level + 1;
    long generation = (slot.generation + 1) & GENERATION_MASK;
    slot.generation = generation;
    long now = now();
    long deadline = nanos < NEVER - now ? now + nanos : NEVER - 1;
    Slot.DEADLINE.lazySet(slot, deadline); // published by the volatile write of the state below
    slot.state = generation << PHASE_BITS | ARMED;
    if (slot.watched == 0 && Slot.WATCHED.compareAndSet(slot, 0, 1)) {
      join(slot);
    }
    if (deadline < wakeAt) {
      LockSupport.unpark(Daemon.THREAD);
    }
    return generation << LEVEL_BITS | level;
  }

  /**
   * Disarms the calling thread's deadline of {@code ticket}: whether it had fired (then the
   * interrupt it sent, if it sent one, is cleared). Levels left armed above it are disarmed too.
   */
  static boolean disarm(long ticket) {
    Registration registration = REGISTRATIONS.get();
    int level = (int) (ticket & LEVEL_MASK);
    long generation = ticket >>> LEVEL_BITS;
    if (level >= registration.depth || registration.slots[level].generation != generation) {
      return false; // not this thread's, or already disarmed
    }
    while (registration.depth > level + 1) {
      Slot above = registration.slots[--registration.depth];
      end(above, above.generation);
    }
    registration.depth = level;
    return end(registration.slots[level], generation);
  }

  private static boolean end(Slot slot, long generation) {
    long armed = generation << PHASE_BITS | ARMED;
    if (Slot.STATE.compareAndSet(slot, armed, armed - ARMED + IDLE)) {
      return false;
    }
    int phase;
    while ((phase = (int) (slot.state & PHASE_MASK)) == FIRING) {
      Thread.yield(); // the watchdog is between its CAS and its interrupt: a few instructions
    }
    if (phase == SENT) {
      Thread.interrupted(); // the interrupt the deadline sent, not anyone else's
    }
    slot.state = generation << PHASE_BITS | IDLE;
    return true;
  }

  private static void join(Slot slot) {
    Slot head;
    do {
      head = JOINING.get();
      slot.nextJoining = head;
    } while (!JOINING.compareAndSet(head, slot));
  }

  /** One thread's reusable registration: its slots, one per nesting level. */
  static final class Registration {
    final Thread thread;
    Slot[] slots = new Slot[2];
    /** How many levels are armed. */
    int depth;

    Registration(Thread thread) {
      this.thread = thread;
    }

    Slot slot(int level) {
      if (level >= slots.length) {
        if (level >= LEVEL_MASK) {
          throw new IllegalStateException("@Timeout attempts nested " + level + " deep");
        }
        Slot[] grown = new Slot[slots.length * 2];
        System.arraycopy(slots, 0, grown, 0, slots.length);
        slots = grown;
      }
      Slot slot = slots[level];
      if (slot == null) {
        slot = slots[level] = new Slot(thread);
      }
      return slot;
    }
  }

  /** The deadline of one nesting level of one thread, reused by every attempt at that level. */
  static final class Slot {
    static final AtomicLongFieldUpdater<Slot> STATE =
        AtomicLongFieldUpdater.newUpdater(Slot.class, "state");
    static final AtomicLongFieldUpdater<Slot> DEADLINE =
        AtomicLongFieldUpdater.newUpdater(Slot.class, "deadline");
    static final AtomicIntegerFieldUpdater<Slot> WATCHED =
        AtomicIntegerFieldUpdater.newUpdater(Slot.class, "watched");

    final Thread thread;
    /** {@code generation << PHASE_BITS | phase}. */
    volatile long state;
    /** On the {@link #now()} clock; meaningful while ARMED. */
    volatile long deadline;
    /** 1 while the slot is in the watchdog's list or joining it. */
    volatile int watched;
    /** The owner's last generation: read and written by the owning thread only. */
    long generation;
    /** Next in {@link #JOINING}. */
    Slot nextJoining;
    /** Next in the watchdog's own list: the watchdog's thread only. */
    Slot nextWatched;

    Slot(Thread thread) {
      this.thread = thread;
    }
  }

  /** The watchdog's thread, started when a deadline is first armed. */
  static final class Daemon implements Runnable {
    static final Thread THREAD = start();

    /** The slots the watchdog watches: its own list, no one else reads it. */
    private Slot watched;

    private static Thread start() {
      Thread thread = new Thread(new Daemon(), "retrygen-watchdog");
      thread.setDaemon(true);
      thread.start();
      return thread;
    }

    @Override
    public void run() {
      long published = NEVER;
      boolean rescanned = false;
      for (;;) {
        Thread.interrupted(); // an interrupt would turn every park into a spin
        long earliest = scan();
        // A thread arming after this scan read its slot saw the wakeAt written before it; so
        // parking until `published` is safe only if `published` was written before this scan.
        if (earliest < published || (earliest > published && !rescanned)) {
          published = earliest;
          wakeAt = earliest;
          rescanned = true;
          continue;
        }
        rescanned = false;
        if (published == NEVER) {
          LockSupport.park(this);
        } else {
          LockSupport.parkNanos(this, published - now());
        }
      }
    }

    /** Fires the deadlines that passed, drops idle slots: the earliest deadline still armed. */
    private long scan() {
      for (Slot joined = JOINING.getAndSet(null); joined != null; ) {
        Slot next = joined.nextJoining;
        joined.nextJoining = null;
        joined.nextWatched = watched;
        watched = joined;
        joined = next;
      }
      long now = now();
      long earliest = NEVER;
      Slot previous = null;
      for (Slot slot = watched; slot != null; ) {
        Slot next = slot.nextWatched;
        long deadline = armedDeadline(slot, now);
        if (deadline == NEVER) { // idle, fired or fired now: leave the list
          if (previous == null) {
            watched = next;
          } else {
            previous.nextWatched = next;
          }
          slot.nextWatched = null;
          slot.watched = 0;
          // The owner may have armed it again after we read it, and seen watched == 1: then it
          // comes back through JOINING, and a scan right away picks it up.
          if ((slot.state & PHASE_MASK) == ARMED && Slot.WATCHED.compareAndSet(slot, 0, 1)) {
            join(slot);
            earliest = now;
          }
        } else {
          earliest = Math.min(earliest, deadline);
          previous = slot;
        }
        slot = next;
      }
      return earliest;
    }

    /** The slot's deadline if it is armed and not due; NEVER otherwise, after firing a due one. */
    private static long armedDeadline(Slot slot, long now) {
      long state = slot.state;
      if ((state & PHASE_MASK) != ARMED) {
        return NEVER;
      }
      long deadline = slot.deadline;
      if (deadline > now) {
        return deadline;
      }
      // A successful CAS proves the deadline read was this generation's: a later one is written
      // only after the owner has moved the state on.
      if (Slot.STATE.compareAndSet(slot, state, state - ARMED + FIRING)) {
        int outcome = QUIET;
        try {
          if (!slot.thread.isInterrupted()) {
            slot.thread.interrupt();
            outcome = SENT;
          }
        } finally {
          slot.state = state - ARMED + outcome;
        }
      }
      return NEVER;
    }
  }
}
