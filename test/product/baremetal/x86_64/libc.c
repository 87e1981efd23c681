/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The C library of the x86_64 bare-metal test image, and its start in C
 * (board_start, called by boot.S in long mode): exceptions end the run
 * with a message, then main runs and exit ends it. Only what
 * fastsum's differential test calls: formatted output to the emulator's
 * port 0xE9 (Bochs: port_e9_hack), a heap, the string functions, exit,
 * which ends the emulation through Bochs's shutdown port.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#undef memcpy
#undef memset
#undef memcmp

int main(int argc, char **argv);

/* ---- Ports ------------------------------------------------------------ */

/* a byte written here is printed by the emulator (Bochs: port_e9_hack) */
#define CONSOLE_PORT 0xe9
/* Bochs ends the emulation when "Shutdown" is written here */
#define SHUTDOWN_PORT 0x8900
/* the RTC's CMOS registers: 0x34/0x35 hold the RAM above 16 MiB in 64 KiB
 * blocks (the PC BIOS convention; Bochs sets them from its megs) */
#define CMOS_INDEX_PORT 0x70
#define CMOS_DATA_PORT 0x71
#define CMOS_RAM_ABOVE_16M_LOW 0x34
#define CMOS_RAM_ABOVE_16M_HIGH 0x35
/* boot.S maps the first GiB */
#define MAPPED_END ((uintptr_t)1 << 30)

static void
outb(uint16_t port, uint8_t value)
{
  __asm__ volatile("outb %0, %1" : : "a"(value), "Nd"(port));
}

static uint8_t
inb(uint16_t port)
{
  uint8_t value;
  __asm__ volatile("inb %1, %0" : "=a"(value) : "Nd"(port));
  return value;
}

static uint8_t
cmos_read(uint8_t reg)
{
  outb(CMOS_INDEX_PORT, reg);
  return inb(CMOS_DATA_PORT);
}

/* ---- Output ------------------------------------------------------------ */

struct board_file {
  int unused;
};
static FILE console;
FILE *const stdout = &console, *const stderr = &console;

/* where formatted output goes: the console, or a buffer (snprintf) */
struct sink {
  char *buf;
  size_t size, len;
};

static void
sink_put(struct sink *sink, char c)
{
  if (sink->buf == NULL) {
    outb(CONSOLE_PORT, (uint8_t)c);
  } else if (sink->len + 1 < sink->size) {
    sink->buf[sink->len] = c;
  }
  sink->len++;
}

static void
sink_number(struct sink *sink, unsigned long long x, unsigned base, int negative,
            size_t width, char pad)
{
  char digits[24];
  size_t n = 0;
  do {
    digits[n++] = "0123456789abcdef"[x % base];
    x /= base;
  } while (x != 0);
  if (negative) {
    digits[n++] = '-';
  }
  for (; width > n; width--) {
    sink_put(sink, pad);
  }
  while (n > 0) {
    sink_put(sink, digits[--n]);
  }
}

/* %[0][width][l|ll](d|u|x|s|c) and %% */
static void
format(struct sink *sink, const char *fmt, va_list ap)
{
  for (; *fmt != '\0'; fmt++) {
    size_t width = 0;
    int longs = 0;
    char pad = ' ';
    if (*fmt != '%') {
      sink_put(sink, *fmt);
      continue;
    }
    fmt++;
    if (*fmt == '0') {
      pad = '0';
      fmt++;
    }
    for (; *fmt >= '0' && *fmt <= '9'; fmt++) {
      width = width * 10 + (size_t)(*fmt - '0');
    }
    for (; *fmt == 'l'; fmt++) {
      longs++;
    }
    switch (*fmt) {
      case 'd': {
        long long x = longs == 2 ? va_arg(ap, long long) : longs == 1 ? va_arg(ap, long) : va_arg(ap, int);
        sink_number(sink, x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x, 10, x < 0, width,
                    pad);
        break;
      }
      case 'u':
      case 'x': {
        unsigned long long x = longs == 2 ? va_arg(ap, unsigned long long)
                               : longs == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
        sink_number(sink, x, *fmt == 'x' ? 16 : 10, 0, width, pad);
        break;
      }
      case 's': {
        const char *s = va_arg(ap, const char *);
        for (; *s != '\0'; s++) {
          sink_put(sink, *s);
        }
        break;
      }
      case 'c':
        sink_put(sink, (char)va_arg(ap, int));
        break;
      case '%':
        sink_put(sink, '%');
        break;
      default:
        /* not a conversion this library has: shown, so it is noticed */
        sink_put(sink, '%');
        sink_put(sink, *fmt);
        if (*fmt == '\0') {
          return;
        }
        break;
    }
  }
}

int
vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
  struct sink sink = {NULL, 0, 0};
  sink.buf = buf;
  sink.size = size;
  format(&sink, fmt, ap);
  if (size > 0) {
    buf[sink.len < size ? sink.len : size - 1] = '\0';
  }
  return (int)sink.len;
}

int
snprintf(char *buf, size_t size, const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(buf, size, fmt, ap);
  va_end(ap);
  return n;
}

static int
vprintf_console(const char *fmt, va_list ap)
{
  struct sink sink = {NULL, 0, 0};
  format(&sink, fmt, ap);
  return (int)sink.len;
}

int
printf(const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vprintf_console(fmt, ap);
  va_end(ap);
  return n;
}

int
fprintf(FILE *file, const char *fmt, ...)
{
  va_list ap;
  int n;
  (void)file;
  va_start(ap, fmt);
  n = vprintf_console(fmt, ap);
  va_end(ap);
  return n;
}

int
fputc(int c, FILE *file)
{
  (void)file;
  outb(CONSOLE_PORT, (uint8_t)c);
  return (unsigned char)c;
}

int
fflush(FILE *file)
{
  (void)file;
  return 0;
}

/* ---- Heap ------------------------------------------------------------- */

/* From the end of the image's zeroed data (image.ld) to the end of RAM. A
 * bump allocator: every test case frees what it allocates, so the heap
 * starts over whenever no block is left. */
extern char __heap_start[];
static uintptr_t heap_next, heap_end;
static size_t heap_blocks;

int
posix_memalign(void **ptr, size_t align, size_t size)
{
  uintptr_t p = (heap_next + align - 1) & ~(uintptr_t)(align - 1);
  if (align == 0 || (align & (align - 1)) != 0 || p < heap_next || size > heap_end - p) {
    return 12; /* ENOMEM */
  }
  heap_next = p + size;
  heap_blocks++;
  *ptr = (void *)p;
  return 0;
}

void *
malloc(size_t size)
{
  void *p;
  return posix_memalign(&p, 16, size) == 0 ? p : NULL;
}

void
free(void *ptr)
{
  if (ptr != NULL && --heap_blocks == 0) {
    heap_next = (uintptr_t)__heap_start;
  }
}

/* ---- Strings ----------------------------------------------------------- */

void *
memcpy(void *dst, const void *src, size_t n)
{
  void *d = dst;
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(src), "+c"(n) : : "memory");
  return dst;
}

void *
memmove(void *dst, const void *src, size_t n)
{
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  if (d < s) {
    while (n-- > 0) {
      *d++ = *s++;
    }
  } else {
    while (n-- > 0) {
      d[n] = s[n];
    }
  }
  return dst;
}

void *
memset(void *dst, int c, size_t n)
{
  void *d = dst;
  __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
  return dst;
}

int
memcmp(const void *a, const void *b, size_t n)
{
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  for (; n > 0; n--, x++, y++) {
    if (*x != *y) {
      return *x - *y;
    }
  }
  return 0;
}

int
strcmp(const char *a, const char *b)
{
  for (; *a != '\0' && *a == *b; a++, b++) {
  }
  return (unsigned char)*a - (unsigned char)*b;
}

size_t
strlen(const char *s)
{
  size_t n = 0;
  while (s[n] != '\0') {
    n++;
  }
  return n;
}

/* ---- Exit, exceptions, start ------------------------------------------ */

void
exit(int status)
{
  const char *s;
  printf("exit status %d\n", status);
  for (s = "Shutdown"; *s != '\0'; s++) {
    outb(SHUTDOWN_PORT, (uint8_t)*s);
  }
  for (;;) {
    __asm__ volatile("cli; hlt");
  }
}

void
abort(void)
{
  printf("abort\n");
  exit(EXIT_FAILURE);
}

/* boot.S: 32 stubs, 16 bytes apart, for the exceptions */
extern const char exception_stubs[];
#define EXCEPTION_STUB_SIZE 16
#define EXCEPTIONS 32
#define CODE64_SEL 0x08
#define IDT_INTERRUPT_GATE 0x8e

struct idt_entry {
  uint16_t offset_low, selector;
  uint8_t ist, type;
  uint16_t offset_mid;
  uint32_t offset_high, reserved;
};
static struct idt_entry idt[EXCEPTIONS];

void board_exception(unsigned long vector, unsigned long error, unsigned long rip);

void
board_exception(unsigned long vector, unsigned long error, unsigned long rip)
{
  printf("exception %lu (error code 0x%lx) at 0x%lx\n", vector, error, rip);
  exit(EXIT_FAILURE);
}

static void
set_exception_handlers(void)
{
  struct __attribute__((packed)) {
    uint16_t limit;
    uint64_t base;
  } idtr;
  size_t v;
  for (v = 0; v < EXCEPTIONS; v++) {
    uint64_t stub = (uint64_t)(uintptr_t)(exception_stubs + v * EXCEPTION_STUB_SIZE);
    idt[v].offset_low = (uint16_t)stub;
    idt[v].selector = CODE64_SEL;
    idt[v].type = IDT_INTERRUPT_GATE;
    idt[v].offset_mid = (uint16_t)(stub >> 16);
    idt[v].offset_high = (uint32_t)(stub >> 32);
  }
  idtr.limit = sizeof(idt) - 1;
  idtr.base = (uint64_t)(uintptr_t)idt;
  __asm__ volatile("lidt %0" : : "m"(idtr));
}

static unsigned long
xcr0(void)
{
  unsigned long cr4;
  uint32_t low, high;
  __asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
  if (!(cr4 & (1ul << 18))) { /* CR4.OSXSAVE: set by boot.S where the CPU has XSAVE */
    return 0;
  }
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (unsigned long)high << 32 | low;
}

void board_start(void);

void
board_start(void)
{
  static char name[] = "fastsum";
  static char *argv[] = {name, NULL};
  unsigned long above_16m =
    (unsigned long)cmos_read(CMOS_RAM_ABOVE_16M_HIGH) << 8 | cmos_read(CMOS_RAM_ABOVE_16M_LOW);

  set_exception_handlers();
  heap_next = (uintptr_t)__heap_start;
  heap_end = ((uintptr_t)16 << 20) + (above_16m << 16);
  if (heap_end > MAPPED_END) {
    heap_end = MAPPED_END;
  }
  printf("x86_64 long mode: XCR0 0x%lx, heap %lu MiB\n", xcr0(),
         (unsigned long)((heap_end - heap_next) >> 20));
  exit(main(1, argv));
}
