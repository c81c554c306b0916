import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes override earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map, which its first merge otherwise builds: tens of milliseconds
 * on a phone in one piece, in the middle of hydration. The browser entry calls it in a task of
 * its own before hydrating.
 */
export function prepareClassMerging(): void {
  twMerge("p-0 p-px");
}
