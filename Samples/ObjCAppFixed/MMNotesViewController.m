//
//  MMNotesViewController.m
//  Memo
//

#import "MMNotesViewController.h"
#import "MMPresentationHelper.h"

static void *MMTableContentSizeContext = &MMTableContentSizeContext;

/// The formatting bar gains and loses buttons as the selection changes, and
/// hides itself when it's empty. UIKit always calls these two overrides;
/// KVO notifications for subviews are not something it promises.
@interface MMFormattingBar : UIStackView
@end

@implementation MMFormattingBar

- (void)didAddSubview:(UIView *)subview {
    [super didAddSubview:subview];
    self.hidden = NO;
}

- (void)willRemoveSubview:(UIView *)subview {
    [super willRemoveSubview:subview];
    // Still attached at this point.
    self.hidden = self.subviews.count <= 1;
}

@end

@interface MMNotesViewController () <UITableViewDataSource, UITableViewDelegate>
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, strong) MMFormattingBar *formattingBar;
@property (nonatomic, strong) UILabel *emptyLabel;
@property (nonatomic, copy) NSArray<NSString *> *notes;
@end

@implementation MMNotesViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Notes", nil);
    self.view.backgroundColor = [UIColor colorNamed:@"Paper"];

    self.tableView = [[UITableView alloc] initWithFrame:self.view.bounds style:UITableViewStylePlain];
    self.tableView.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
    self.tableView.dataSource = self;
    self.tableView.delegate = self;
    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:@"note"];
    [self.view addSubview:self.tableView];

    self.formattingBar = [[MMFormattingBar alloc] init];
    self.formattingBar.axis = UILayoutConstraintAxisHorizontal;
    self.formattingBar.distribution = UIStackViewDistributionFillEqually;
    [self.view addSubview:self.formattingBar];

    self.emptyLabel = [[UILabel alloc] init];
    self.emptyLabel.text = NSLocalizedString(@"No notes yet", nil);
    self.emptyLabel.textColor = [UIColor secondaryLabelColor];
    self.tableView.backgroundView = self.emptyLabel;

    [self.tableView addObserver:self forKeyPath:@"contentSize" options:NSKeyValueObservingOptionNew context:MMTableContentSizeContext];

    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAction
                                                                                           target:self
                                                                                           action:@selector(shareAllNotes:)];
    [self reloadNotes];
}

- (void)viewWillLayoutSubviews {
    [super viewWillLayoutSubviews];
    // Wide windows get a reading margin: this window's size, not the screen's.
    CGSize size = self.view.bounds.size;
    CGFloat margin = (size.width > 700 || size.width > size.height) ? 64 : 16;
    self.tableView.layoutMargins = UIEdgeInsetsMake(0, margin, 0, margin);
}

- (void)viewIsAppearing:(BOOL)animated {
    [super viewIsAppearing:animated];
    // First point where the view is in a window, so the scene is known.
    UIWindowScene *windowScene = self.view.window.windowScene;
    // Render thumbnails at the scale of the screen this window is on.
    self.thumbnailScale = windowScene.screen.scale;
    // Shown in the iPad app switcher, so several Memo windows can be told apart.
    windowScene.title = self.title;
    [MMPresentationHelper requestReviewIfAppropriateForNoteCount:self.notes.count inScene:windowScene];
}

- (void)dealloc {
    [_tableView removeObserver:self forKeyPath:@"contentSize" context:MMTableContentSizeContext];
}

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    CGFloat barHeight = 44;
    UIEdgeInsets safeArea = self.view.safeAreaInsets;
    self.formattingBar.frame = CGRectMake(0, CGRectGetMaxY(self.view.bounds) - safeArea.bottom - barHeight,
                                          CGRectGetWidth(self.view.bounds), barHeight);
}

- (void)observeValueForKeyPath:(NSString *)keyPath
                      ofObject:(id)object
                        change:(NSDictionary<NSKeyValueChangeKey, id> *)change
                       context:(void *)context {
    if (context == MMTableContentSizeContext) {
        self.emptyLabel.hidden = self.tableView.contentSize.height > 0;
    } else {
        [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];
    }
}

#pragma mark - Notes

- (void)reloadNotes {
    self.notes = [[NSUserDefaults standardUserDefaults] stringArrayForKey:@"MMNotes"] ?: @[];
    [self.tableView reloadData];
}

- (void)shareAllNotes:(UIBarButtonItem *)sender {
    NSString *text = [self.notes componentsJoinedByString:@"\n\n"];
    [MMPresentationHelper shareItems:@[text] fromViewController:self];
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.notes.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"note" forIndexPath:indexPath];
    UIListContentConfiguration *content = [cell defaultContentConfiguration];
    content.text = self.notes[indexPath.row];
    content.textProperties.numberOfLines = 2;
    cell.contentConfiguration = content;
    return cell;
}

@end
