import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type SectionCardProps = Omit<ComponentProps<"section">, "title"> & {
  title: ReactNode;
  /** The title's id: the card (a `<section>`) is then labelled by its title (`aria-labelledby`). */
  titleId?: string;
  /** What stands in the header after the title (buttons, a badge). */
  actions?: ReactNode;
  /** Goes to the card's header. */
  headerClassName?: string;
  /** Goes to the card's content. */
  contentClassName?: string;
  /** What stands in the card after its content: the dialogs of the header's actions. */
  after?: ReactNode;
};

/** A titled card of a form or a detail: the header with the title and its actions, then the content. */
export function SectionCard({
  title,
  titleId,
  actions,
  headerClassName,
  contentClassName,
  after,
  children,
  ...cardProps
}: SectionCardProps) {
  return (
    <Card aria-labelledby={titleId} {...cardProps}>
      <CardHeader className={headerClassName}>
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
      {after}
    </Card>
  );
}

/**
 * A titled part of a page without a card's frame (an import's error log, a chart, a dialog's simulation): the title
 * with its actions on one line, then the content. `minor` is a part inside a card or dialog (a smaller h3).
 */
export function TitledSection({
  title,
  titleId,
  actions,
  minor,
  className,
  children,
}: {
  title: ReactNode;
  /** The heading's id, which labels the section. */
  titleId: string;
  actions?: ReactNode;
  minor?: boolean;
  className: string;
  children: ReactNode;
}) {
  const Heading = minor ? "h3" : "h2";
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className={minor ? "text-sm font-semibold text-slate-900" : "text-lg font-semibold"}>
          {title}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}
