/* Hand-written SVG 1.1 line plots on log-log axes (see measure.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure.h"

#define WIDTH 760.0
#define HEIGHT 480.0
#define LEFT 90.0
#define RIGHT 220.0 /* room for the legend */
#define TOP 50.0
#define BOTTOM 70.0

static const char *const colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                       "#9467bd", "#8c564b", "#e377c2", "#7f7f7f" };

/* Text with the XML specials escaped. */
static void put_text(FILE *f, const char *s)
{
   for (; *s; s++) {
      if (*s == '<')
         fputs("&lt;", f);
      else if (*s == '>')
         fputs("&gt;", f);
      else if (*s == '&')
         fputs("&amp;", f);
      else if (*s == '"')
         fputs("&quot;", f);
      else
         fputc(*s, f);
   }
}

struct axis {
   double lo, hi; /* log10 of the range, whole decades around the data */
};

static double to_px(const struct axis *a, double v, double from, double to)
{
   return from + (log10(v) - a->lo) / (a->hi - a->lo) * (to - from);
}

static void tick_label(char *buf, size_t size, double v)
{
   if (v >= 1e4 || v < 1e-2)
      snprintf(buf, size, "%.0e", v);
   else
      snprintf(buf, size, "%g", v);
}

bool bench_svg_plot(const char *path, const char *title, const char *x_label, const char *y_label,
                    const struct bench_series *series, size_t num_series)
{
   double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
   for (size_t s = 0; s < num_series; s++)
      for (size_t i = 0; i < series[s].count; i++) {
         double x = series[s].x[i], y = series[s].y[i];
         if (!(x > 0) || !(y > 0))
            continue;
         xmin = fmin(xmin, x);
         xmax = fmax(xmax, x);
         ymin = fmin(ymin, y);
         ymax = fmax(ymax, y);
      }
   if (!(xmin <= xmax) || !(ymin <= ymax))
      return false;
   struct axis ax = { floor(log10(xmin)), ceil(log10(xmax)) };
   struct axis ay = { floor(log10(ymin)), ceil(log10(ymax)) };
   if (ax.hi <= ax.lo)
      ax.hi = ax.lo + 1;
   if (ay.hi <= ay.lo)
      ay.hi = ay.lo + 1;
   const double x0 = LEFT, x1 = WIDTH - RIGHT, y0 = HEIGHT - BOTTOM, y1 = TOP;

   FILE *f = fopen(path, "w");
   if (!f)
      return false;
   fprintf(f,
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
           "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" "
           "font-size=\"12\">\n"
           "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n",
           WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH, HEIGHT);
   fprintf(f, "<text x=\"%.1f\" y=\"28\" text-anchor=\"middle\" font-size=\"15\">", (x0 + x1) / 2);
   put_text(f, title);
   fputs("</text>\n", f);

   /* Grid lines and tick labels at 1, 2 and 5 of each decade. */
   static const double steps[] = { 1, 2, 5 };
   char buf[32];
   for (double d = ax.lo; d <= ax.hi; d++)
      for (int k = 0; k < 3; k++) {
         double v = steps[k] * pow(10, d);
         if (log10(v) > ax.hi + 1e-9)
            break;
         double px = to_px(&ax, v, x0, x1);
         fprintf(f,
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n",
                 px, y0, px, y1, px, y0, px, y0 + 5);
         tick_label(buf, sizeof(buf), v);
         fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", px, y0 + 19,
                 buf);
      }
   for (double d = ay.lo; d <= ay.hi; d++)
      for (int k = 0; k < 3; k++) {
         double v = steps[k] * pow(10, d);
         if (log10(v) > ay.hi + 1e-9)
            break;
         double py = to_px(&ay, v, y0, y1);
         fprintf(f,
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n",
                 x0, py, x1, py, x0 - 5, py, x0, py);
         tick_label(buf, sizeof(buf), v);
         fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", x0 - 8, py + 4,
                 buf);
      }
   fprintf(f,
           "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
           "stroke=\"black\"/>\n",
           x0, y1, x1 - x0, y0 - y1);
   fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (x0 + x1) / 2, HEIGHT - 20);
   put_text(f, x_label);
   fprintf(f,
           "</text>\n<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" "
           "transform=\"rotate(-90 20 %.1f)\">",
           (y0 + y1) / 2, (y0 + y1) / 2);
   put_text(f, y_label);
   fputs("</text>\n", f);

   /* Series: a polyline through the positive points, a dot on each, and a legend row. */
   for (size_t s = 0; s < num_series; s++) {
      const char *colour = colours[s % (sizeof(colours) / sizeof(colours[0]))];
      const char *dash = s >= 8 ? " stroke-dasharray=\"6 3\"" : "";
      fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"", colour,
              dash);
      for (size_t i = 0; i < series[s].count; i++)
         if (series[s].x[i] > 0 && series[s].y[i] > 0)
            fprintf(f, "%.1f,%.1f ", to_px(&ax, series[s].x[i], x0, x1),
                    to_px(&ay, series[s].y[i], y0, y1));
      fputs("\"/>\n", f);
      for (size_t i = 0; i < series[s].count; i++)
         if (series[s].x[i] > 0 && series[s].y[i] > 0)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
                    to_px(&ax, series[s].x[i], x0, x1), to_px(&ay, series[s].y[i], y0, y1), colour);
      double ly = y1 + 10 + 20.0 * (double)s;
      fprintf(f,
              "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
              "stroke-width=\"2\"%s/>\n<text x=\"%.1f\" y=\"%.1f\">",
              x1 + 15, ly, x1 + 40, ly, colour, dash, x1 + 46, ly + 4);
      put_text(f, series[s].name);
      fputs("</text>\n", f);
   }
   fputs("</svg>\n", f);
   bool ok = !ferror(f);
   return fclose(f) == 0 && ok;
}
