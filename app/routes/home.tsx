import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Plukweide: find and share picking meadows" },
  {
    name: "description",
    content:
      "Pick-your-own flower fields and fruit gardens near you, shared by the people who love them.",
  },
];

export default function Home() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-primary">Plukweide</h1>
      <p className="mt-4 text-lg text-neutral-700 dark:text-neutral-300">
        Find and share picking meadows: pick-your-own flower fields and fruit gardens.
      </p>
    </main>
  );
}
