//
//  SceneDelegate.m
//  Memo
//

#import "SceneDelegate.h"
#import "MMNotesViewController.h"

@implementation SceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    if (![scene isKindOfClass:[UIWindowScene class]]) {
        return;
    }
    UIWindowScene *windowScene = (UIWindowScene *)scene;

    MMNotesViewController *notesViewController = [[MMNotesViewController alloc] init];
    UINavigationController *navigationController = [[UINavigationController alloc] initWithRootViewController:notesViewController];
    [self applyBarStyleToNavigationController:navigationController];

    self.window = [[UIWindow alloc] initWithWindowScene:windowScene];
    self.window.rootViewController = navigationController;
    self.window.tintColor = [UIColor colorNamed:@"MemoYellow"];
    [self.window makeKeyAndVisible];
}

- (void)applyBarStyleToNavigationController:(UINavigationController *)navigationController {
    // Memo's bars have always been solid paper-colored; iOS 15 made the bar
    // transparent at the scroll edge by default, so set both appearances.
    UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
    [appearance configureWithOpaqueBackground];
    appearance.backgroundColor = [UIColor colorNamed:@"Paper"];
    appearance.shadowColor = [UIColor clearColor];

    navigationController.navigationBar.standardAppearance = appearance;
    navigationController.navigationBar.scrollEdgeAppearance = appearance;
    navigationController.navigationBar.prefersLargeTitles = YES;
}

- (void)sceneDidBecomeActive:(UIScene *)scene {
    [[NSNotificationCenter defaultCenter] postNotificationName:@"MMShouldRefreshNotes" object:scene];
}

- (void)sceneDidEnterBackground:(UIScene *)scene {
    [[NSUserDefaults standardUserDefaults] synchronize];
}

@end
