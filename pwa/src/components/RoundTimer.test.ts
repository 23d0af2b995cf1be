import { afterEach, describe, expect, it, vi } from "vitest";
import { RETRY_MS, countdownText, countdownWords, deadlineOf, readAtDeadline } from "./RoundTimer";

describe("the round timer", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the time left as a clock, rounded up to the second", () => {
    expect(countdownText(42_000)).toBe("0:42");
    expect(countdownText(41_001)).toBe("0:42");
    expect(countdownText(300_000)).toBe("5:00");
    expect(countdownText(65_500)).toBe("1:06");
    expect(countdownText(86_400_000)).toBe("24:00:00");
    expect(countdownText(0)).toBe("0:00");
    expect(countdownText(-5_000)).toBe("0:00");
    expect(countdownWords(65_000)).toBe("1 minute 5 seconds");
    expect(countdownWords(1_000)).toBe("1 second");
    expect(countdownWords(7_200_000)).toBe("2 hours");
  });

  it("counts only an open round's deadline", () => {
    expect(deadlineOf({ status: "active", round_deadline_ms: 1_700_000_000_000 })).toBe(1_700_000_000_000);
    expect(deadlineOf({ status: "active", round_deadline_ms: null })).toBeNull();
    expect(deadlineOf({ status: "active" })).toBeNull();
    expect(deadlineOf({ status: "over", round_deadline_ms: 1_700_000_000_000 })).toBeNull();
  });

  it("reads the view once at the deadline, and again every 2 s only while the referee shows the same deadline", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const deadline = start + 5_000;
    const answers: (number | null | Error)[] = [deadline, new Error("offline"), deadline, deadline + 7_000];
    const reads: number[] = [];
    readAtDeadline(deadline, async () => {
      reads.push(Date.now() - start);
      const a = answers.shift()!;
      if (a instanceof Error) throw a;
      return a;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([5_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    // The same deadline (the referee's clock behind), a failure, the same again, then the next
    // round's deadline: four reads, two seconds apart, and no more.
    expect(reads).toEqual([5_000, 5_000 + RETRY_MS, 5_000 + 2 * RETRY_MS, 5_000 + 3 * RETRY_MS]);
  });

  it("reads at once when the deadline has passed, and not at all once cancelled", async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => null);
    readAtDeadline(Date.now() - 1_000, read);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    const never = vi.fn(async () => 0);
    const cancel = readAtDeadline(Date.now() + 1_000, never);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(never).not.toHaveBeenCalled();
  });
});
