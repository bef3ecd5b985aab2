import { useLoaderData } from 'react-router';
import { BackButton } from '../components/back-button';
import { PageTitle } from '../components/ui/page-title';
import { paths } from '../lib/paths';

/** One of the public text pages (terms, privacy, rules, disclaimer); the route's loader supplies the text. */
export interface StaticContent {
  title: string;
  /** Shown under the title, e.g. "Last updated ...". */
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs?: string[]; points?: string[] }[];
}

export function Component() {
  const content = useLoaderData<StaticContent>();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 pt-3 pb-16 sm:px-6 sm:pt-6">
      <PageTitle page={content.title} />
      <BackButton to={paths.welcome()} />
      <article className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight">{content.title}</h1>
        <p className="mt-2 text-sm text-text-muted">{content.updated}</p>
        <p className="mt-6 text-base leading-relaxed text-text">{content.intro}</p>
        {content.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-base leading-relaxed text-text-muted">
                {paragraph}
              </p>
            ))}
            {section.points && (
              <ul className="mt-3 list-disc space-y-2 pl-5 text-base leading-relaxed text-text-muted marker:text-primary">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </main>
  );
}
