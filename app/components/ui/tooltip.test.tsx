// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  TOOLTIP_DELAY_DURATION_MS,
  TOOLTIP_SKIP_DELAY_DURATION_MS,
} from "./tooltip";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

test("uses the delays from SPEC section 9", () => {
  expect(TOOLTIP_DELAY_DURATION_MS).toBe(700);
  expect(TOOLTIP_SKIP_DELAY_DURATION_MS).toBe(300);
});

test("opens after the pointer rests on the trigger for 700 ms", () => {
  render(
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger>Favorite</TooltipTrigger>
        <TooltipContent>Add to your favorites</TooltipContent>
      </Tooltip>
    </TooltipProvider>,
  );
  fireEvent.pointerMove(screen.getByRole("button", { name: "Favorite" }), { pointerType: "mouse" });
  act(() => {
    vi.advanceTimersByTime(TOOLTIP_DELAY_DURATION_MS - 1);
  });
  expect(screen.queryByRole("tooltip")).toBeNull();
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(screen.getByRole("tooltip").textContent).toBe("Add to your favorites");
});
